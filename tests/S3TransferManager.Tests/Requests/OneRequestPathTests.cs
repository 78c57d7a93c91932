using System.Reflection;
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
        List<(string Caller, string Called)> calls = [.. RequestCalls()];

        Assert.Contains(calls, c => c.Caller.StartsWith(RequestsNamespace + ".S3Calls", StringComparison.Ordinal));
        Assert.Empty(calls.Where(c => !c.Caller.StartsWith(RequestsNamespace + ".", StringComparison.Ordinal)).Select(c => $"{c.Caller} calls {c.Called}"));
    }

    [Fact]
    public void Library_HasOneHedgingType()
    {
        Type[] hedging = [.. typeof(S3Calls).Assembly.GetTypes().Where(t => !t.IsNested && t.Name.Contains("Hedg", StringComparison.Ordinal))];

        Assert.Equal([typeof(Hedge)], hedging);
    }

    /// <summary>Each call of a request-sending <see cref="IAmazonS3"/> method in the library, with its caller's
    /// outermost type (a lambda's or state machine's nested type counts as the type it is written in).</summary>
    private static IEnumerable<(string Caller, string Called)> RequestCalls()
    {
        foreach (Type type in typeof(S3Calls).Assembly.GetTypes())
        {
            Type outer = type;
            while (outer.DeclaringType is { } declaring)
            {
                outer = declaring;
            }

            foreach (MethodBase called in LibraryIl.Methods(type).SelectMany(LibraryIl.Operands).OfType<MethodBase>().Where(SendsARequest))
            {
                yield return (outer.FullName!, $"{called.DeclaringType!.Name}.{called.Name}");
            }
        }
    }

    private static bool SendsARequest(MethodBase method) =>
        method is MethodInfo info && typeof(Task).IsAssignableFrom(info.ReturnType)
        && (method.DeclaringType == typeof(IAmazonS3) || typeof(IAmazonS3).IsAssignableFrom(method.DeclaringType));
}
