using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

public sealed class InMemoryS3ServerTests
{
    [Fact]
    public async Task StartAsync_Default_BindsLoopbackOnly()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync();

        Assert.Equal("127.0.0.1", server.ServiceUrl.Host);
        Assert.NotEqual(0, server.ServiceUrl.Port);
    }

    [Fact]
    public async Task GetRequestCount_RangedGet_CountsAsRangeNotWholeGet()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync();
        server.PutObject("bucket", "k", new byte[100]);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);

        using (await client.GetObjectAsync(new GetObjectRequest { BucketName = "bucket", Key = "k", ByteRange = new ByteRange(0, 9) }))
        {
        }

        Assert.Equal(1, server.GetRequestCount(S3Operation.GetObjectRange));
        Assert.Equal(0, server.GetRequestCount(S3Operation.GetObject));
    }

    [Fact]
    public async Task ResetCounters_AfterRequests_ZeroesTotal()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync();
        server.PutObject("bucket", "k", new byte[1]);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);
        await client.GetObjectMetadataAsync("bucket", "k");

        server.ResetCounters();

        Assert.Equal(0, server.TotalRequests);
    }

    [Fact]
    public async Task GetObject_S3LikeProfile_ReturnsByteExactContent()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { Profile = InMemoryS3Profile.S3Like });
        byte[] content = InMemoryS3Content.Create(1_000_000, seed: 9);
        server.PutObject("bucket", "k", content);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);

        using GetObjectResponse response = await client.GetObjectAsync("bucket", "k");

        Assert.Equal(content, await GetObjectRangeTests.ReadAllAsync(response));
    }

    [Fact]
    public async Task PutObject_S3LikeProfile_StoresByteExactContent()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { Profile = InMemoryS3Profile.S3Like });
        server.CreateBucket("bucket");
        byte[] content = InMemoryS3Content.Create(1_000_000, seed: 10);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);

        await client.PutObjectAsync(new PutObjectRequest { BucketName = "bucket", Key = "k", InputStream = new MemoryStream(content), ContentType = "application/octet-stream" });

        Assert.Equal(content, server.GetObjectContent("bucket", "k"));
    }

    [Fact]
    public async Task MaxConcurrentRequests_PutObjectWaitingForFirstByte_CountsAsInFlight()
    {
        // A long time to first byte: the PUT is stored long before its (bodyless) response may start.
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options
        {
            Profile = InMemoryS3Profile.S3Like, FirstByteDelay = TimeSpan.FromSeconds(30),
        });
        server.CreateBucket("bucket");
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);
        using var cancel = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        Task put = client.PutObjectAsync(new PutObjectRequest
        {
            BucketName = "bucket", Key = "k", ContentBody = "x", ContentType = "text/plain",
        }, cancel.Token);

        Assert.True(SpinWait.SpinUntil(() => server.GetObjectContent("bucket", "k") is not null, TimeSpan.FromSeconds(30)));

        // Stored and waiting for its first byte: a reset restarts the peak from the requests in flight, this one.
        server.ResetCounters();
        int inFlight = server.MaxConcurrentRequests;
        await cancel.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => put.WaitAsync(TimeSpan.FromSeconds(30)));

        Assert.Equal(1, inFlight);
    }

    [Fact]
    public async Task GetObject_Md5ETagsOffSeededObject_SdkAcceptsBody()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { ComputeMd5ETags = false });
        byte[] content = InMemoryS3Content.Create(10_000, seed: 14);
        server.PutObject("bucket", "k", content);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);

        using GetObjectResponse response = await client.GetObjectAsync("bucket", "k");

        Assert.Equal(content, await GetObjectRangeTests.ReadAllAsync(response));
    }

    [Fact]
    public async Task PutObject_PrewarmedStorage_StoresByteExactContent()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { PrewarmedStorageBytes = 4 * 1024 * 1024 });
        server.CreateBucket("bucket");
        byte[] content = InMemoryS3Content.Create((3 * 1024 * 1024) + 5, seed: 31);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);

        await client.PutObjectAsync(new PutObjectRequest { BucketName = "bucket", Key = "k", InputStream = new MemoryStream(content), ContentType = "application/octet-stream" });

        Assert.Equal(content, server.GetObjectContent("bucket", "k"));
    }
}
