using Amazon.Runtime;
using Amazon.S3;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>Creates the AWS SDK client both libraries use: path style, dummy credentials, checksums only when required;
/// over HTTPS, an HttpClient that trusts the endpoint's run-time certificate; the SDK's BufferSize unless
/// <see cref="BenchmarkSettings.SdkBufferVariable"/> sets one.</summary>
public static class S3ClientFactory
{
    /// <param name="serviceUrl">The endpoint.</param>
    /// <param name="throttled">For an endpoint that answers 503 SlowDown: up to 10 retries, without the SDK's retry quota,
    /// so that neither library's transfer fails when the SDK gives up (with its defaults the AWS SDK's own directory
    /// download did, in the first run); both libraries share the client and its retries.</param>
    /// <param name="httpClientFactory">For an endpoint over HTTPS: handlers that trust its certificate.</param>
    public static AmazonS3Client Create(Uri serviceUrl, bool throttled = false, Amazon.Runtime.HttpClientFactory? httpClientFactory = null) =>
        new(Credentials, Config(serviceUrl, throttled, httpClientFactory));

    /// <summary>The credentials every benchmark client signs with (the endpoint accepts any).</summary>
    public static BasicAWSCredentials Credentials { get; } = new("bench", "bench");

    /// <summary>The configuration <see cref="Create"/> gives the client (apart, so a caller can time making it).</summary>
    public static AmazonS3Config Config(Uri serviceUrl, bool throttled = false, Amazon.Runtime.HttpClientFactory? httpClientFactory = null)
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
        if (throttled)
        {
            config.MaxErrorRetry = 10;
            config.ThrottleRetries = false;
        }

        if (BenchmarkSettings.SdkBufferSize is { } bufferSize)
        {
            config.BufferSize = bufferSize;
        }

        return config;
    }
}
