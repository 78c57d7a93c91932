using System.Reflection;
using Amazon.S3;
using S3TransferManager.Tests.Requests;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// s3tm sends no S3 request of its own: read from its compiled IL (as OneRequestPathTests reads the library's), nothing
/// in it calls an <see cref="IAmazonS3"/> method that sends a request (it builds and disposes clients only), save
/// presign, which signs a URL locally. Its listings, deletes and bucket calls go through the library's request path
/// (TransferUtility.OpenCalls), as its transfers do.
/// </summary>
public sealed class CliRequestPathTests
{
    private const string Presign = "AmazonS3Client.GetPreSignedURLAsync";

    [Fact]
    public void S3tm_CallsNoIAmazonS3RequestOfItsOwn()
    {
        List<(string Caller, string Called)> calls = [.. RequestCalls()];

        Assert.Contains(calls, c => c.Called == Presign);
        Assert.Empty(calls.Where(c => c.Called != Presign).Select(c => $"{c.Caller} calls {c.Called}"));
    }

    /// <summary>Each call in s3tm of a request-sending <see cref="IAmazonS3"/> method, with its caller's outermost type
    /// (a lambda's or state machine's nested type counts as the type it is written in).</summary>
    private static IEnumerable<(string Caller, string Called)> RequestCalls()
    {
        foreach (Type type in typeof(CliApp).Assembly.GetTypes())
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

    /// <summary>A Task-returning method of <see cref="IAmazonS3"/> or of a type that implements it: construction and
    /// disposal send nothing.</summary>
    private static bool SendsARequest(MethodBase method) =>
        method is MethodInfo info && typeof(Task).IsAssignableFrom(info.ReturnType)
        && method.DeclaringType is { } declaring && typeof(IAmazonS3).IsAssignableFrom(declaring);
}
