using Amazon.S3;
using S3TransferManager.Requests;

namespace S3TransferManager.Tests.Requests;

/// <summary>
/// Every S3 request of the library goes out through <see cref="S3Calls"/>: read from the compiled library's IL, no
/// method outside the Requests folder's namespace calls (or makes a delegate of) an <see cref="IAmazonS3"/> method that
/// sends a request, and one type hedges.
/// </summary>
public sealed class OneRequestPathTests
{
    private const string RequestsNamespace = "S3TransferManager.Requests";

    [Fact]
    public void Library_CallsIAmazonS3RequestsOnlyFromRequests()
    {
        List<(string Caller, string Called)> calls = [.. LibraryIl.S3RequestCalls(typeof(S3Calls).Assembly)];

        Assert.Contains(calls, c => c.Caller.StartsWith(RequestsNamespace + ".S3Calls", StringComparison.Ordinal));
        Assert.Empty(calls.Where(c => !c.Caller.StartsWith(RequestsNamespace + ".", StringComparison.Ordinal)).Select(c => $"{c.Caller} calls {c.Called}"));
    }

    [Fact]
    public void Library_HasOneHedgingType()
    {
        Type[] hedging = [.. typeof(S3Calls).Assembly.GetTypes().Where(t => !t.IsNested && t.Name.Contains("Hedg", StringComparison.Ordinal))];

        Assert.Equal([typeof(Hedge)], hedging);
    }
}
