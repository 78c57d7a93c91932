using Amazon.Runtime;
using Amazon.S3;

namespace S3TransferManager.Requests;

/// <summary>
/// The client's two checksum settings, read once from <c>IAmazonS3.Config</c> (where the AWS SDK has already
/// resolved them from its environment variables and config file): with <see cref="RequestChecksumCalculation.WHEN_REQUIRED"/>
/// requests carry no checksum S3 does not require unless the caller's request asks for one; with
/// <see cref="ResponseChecksumValidation.WHEN_REQUIRED"/> none carries <c>x-amz-checksum-mode</c> and a download is
/// validated only when its request asks. A client that is not the SDK's (a mock, a wrapper) is taken at the SDK's defaults.
/// </summary>
/// <param name="RequestsOnlyWhenRequired">The client's <c>RequestChecksumCalculation</c> is <c>WHEN_REQUIRED</c>.</param>
/// <param name="ResponsesOnlyWhenRequired">The client's <c>ResponseChecksumValidation</c> is <c>WHEN_REQUIRED</c>.</param>
internal readonly record struct ClientChecksums(bool RequestsOnlyWhenRequired, bool ResponsesOnlyWhenRequired)
{
    public static ClientChecksums Of(IAmazonS3 client)
    {
        // As SlowDownSignal: an SDK client's own settings; another IAmazonS3 (a mock, a stub) is taken at the defaults.
        IClientConfig? config = client is AmazonServiceClient sdk ? sdk.Config as AmazonS3Config ?? sdk.Config : null;
        return new ClientChecksums(
            config?.RequestChecksumCalculation == RequestChecksumCalculation.WHEN_REQUIRED,
            config?.ResponseChecksumValidation == ResponseChecksumValidation.WHEN_REQUIRED);
    }
}
