using Amazon.S3;
using S3TransferManager.InMemoryS3;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.Scheduling;

namespace S3TransferManager.IntegrationTests.Scheduling;

public sealed class ThrottleListenerTests
{
    [Fact]
    public async Task Start_SdkRetriesSlowDown_SeesTheAttemptsTheSdkHides()
    {
        // 20 requests a second, a burst of 2: of 10 HEADs sent at once, most are turned away at first, and the SDK retries
        // them (up to 10 times) until they pass, so no call fails.
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { SlowDownAboveRequestsPerSecond = 20 });
        server.PutObject("bucket", "k", new byte[10]);
        using AmazonS3Client client = S3TestContext.CreateClient(server.ServiceUrl, httpClientFactory: null, config => config.MaxErrorRetry = 10);
        int seen = 0;
        using ThrottleListener listener = ThrottleListener.Start(client, () => Interlocked.Increment(ref seen))!;

        await Task.WhenAll(Enumerable.Range(0, 10).Select(_ => client.GetObjectMetadataAsync("bucket", "k"))).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.True(server.SlowDownResponses > 0);
        Assert.Equal(server.SlowDownResponses, Volatile.Read(ref seen));
    }
}
