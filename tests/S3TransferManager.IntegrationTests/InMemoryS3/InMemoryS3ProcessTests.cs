using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

public sealed class InMemoryS3ProcessTests
{
    [Fact]
    public async Task StartAsync_SeededObject_ServesItOverHttp()
    {
        await using InMemoryS3Process process = await InMemoryS3Process.StartAsync();
        await process.SeedObjectAsync("bucket", "k", length: 100_000, seed: 8);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(process.ServiceUrl);

        using GetObjectResponse response = await client.GetObjectAsync("bucket", "k");

        Assert.Equal(InMemoryS3Content.Create(100_000, seed: 8), await GetObjectRangeTests.ReadAllAsync(response));
    }

    [Fact]
    public async Task GetCountersAsync_AfterOneGet_CountsIt()
    {
        await using InMemoryS3Process process = await InMemoryS3Process.StartAsync();
        await process.SeedObjectAsync("bucket", "k", length: 10);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(process.ServiceUrl);
        using (await client.GetObjectAsync("bucket", "k"))
        {
        }

        InMemoryS3RequestCounts counts = await process.GetCountersAsync();

        Assert.Equal(1, counts.Get(S3Operation.GetObject));
        Assert.Equal(1, counts.Total);
    }
}
