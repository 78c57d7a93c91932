using Amazon;
using Amazon.Runtime;
using Amazon.S3;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

public sealed class ThrottleListenerTests
{
    [Theory]
    [InlineData(503, "127.0.0.1", 9000, true)]
    [InlineData(429, "127.0.0.1", 9000, true)]
    [InlineData(500, "127.0.0.1", 9000, false)]
    [InlineData(503, "127.0.0.1", 9001, false)]
    [InlineData(503, "example.com", 9000, false)]
    public void IsThrottling_ClientWithServiceUrl_MatchesItsEndpointOnly(int status, string host, int port, bool expected)
    {
        using var client = new AmazonS3Client(new AnonymousAWSCredentials(), new AmazonS3Config { ServiceURL = "http://127.0.0.1:9000", ForcePathStyle = true });
        using ThrottleListener listener = ThrottleListener.Start(client, () => { })!;

        Assert.Equal(expected, listener.IsThrottling(status, host, port));
    }

    [Theory]
    [InlineData("bucket.s3.us-east-1.amazonaws.com", true)]
    [InlineData("s3.eu-west-1.amazonaws.com", true)]
    [InlineData("api.example.com", false)]
    public void IsThrottling_ClientOfAwsRegion_MatchesAwsHosts(string host, bool expected)
    {
        using var client = new AmazonS3Client(new AnonymousAWSCredentials(), RegionEndpoint.USEast1);
        using ThrottleListener listener = ThrottleListener.Start(client, () => { })!;

        Assert.Equal(expected, listener.IsThrottling(503, host, 443));
    }
}
