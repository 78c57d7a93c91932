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
        List<(string Caller, string Called)> calls = [.. LibraryIl.S3RequestCalls(typeof(CliApp).Assembly)];

        Assert.Contains(calls, c => c.Called == Presign);
        Assert.Empty(calls.Where(c => c.Called != Presign).Select(c => $"{c.Caller} calls {c.Called}"));
    }
}
