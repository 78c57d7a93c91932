using Amazon.Runtime;
using Amazon.S3;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>Creates the AWS SDK client both libraries use: path style, dummy credentials, checksums only when required;
/// over HTTPS, an HttpClient that trusts the endpoint's run-time certificate; the SDK's BufferSize unless
/// <see cref="BenchmarkSettings.SdkBufferVariable"/> sets one.</summary>
public static class S3ClientFactory
{
    public static AmazonS3Client Create(Uri serviceUrl, Amazon.Runtime.HttpClientFactory? httpClientFactory = null)
    {
        var config = new AmazonS3Config
        {
            ServiceURL = serviceUrl.ToString(),
            ForcePathStyle = true,
            AuthenticationRegion = "us-east-1",
            RequestChecksumCalculation = RequestChecksumCalculation.WHEN_REQUIRED,
            ResponseChecksumValidation = ResponseChecksumValidation.WHEN_REQUIRED,
            MaxConnectionsPerServer = 64,
            HttpClientFactory = httpClientFactory,
        };
        if (BenchmarkSettings.SdkBufferSize is { } bufferSize)
        {
            config.BufferSize = bufferSize;
        }

        return new AmazonS3Client(new BasicAWSCredentials("bench", "bench"), config);
    }
}
