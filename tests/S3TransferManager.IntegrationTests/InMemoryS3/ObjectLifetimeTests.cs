using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary>Storage of deleted and replaced objects is recycled; live objects must never see it.</summary>
public sealed class ObjectLifetimeTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    private const int Size = (3 * 1024 * 1024) + 17;

    [Fact]
    public async Task PutObject_OverwriteSameKey_ServesNewContent()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();
        byte[] second = InMemoryS3Content.Create(Size, seed: 21);
        await client.PutObjectAsync(new PutObjectRequest { BucketName = bucket, Key = "k", InputStream = new MemoryStream(InMemoryS3Content.Create(Size, seed: 20)), ContentType = "application/octet-stream" });
        await client.PutObjectAsync(new PutObjectRequest { BucketName = bucket, Key = "k", InputStream = new MemoryStream(second), ContentType = "application/octet-stream" });

        using GetObjectResponse response = await client.GetObjectAsync(bucket, "k");

        Assert.Equal(second, await GetObjectRangeTests.ReadAllAsync(response));
    }

    [Fact]
    public async Task DeleteObject_ThenPutAnother_LeavesLiveObjectsIntact()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();
        byte[] kept = InMemoryS3Content.Create(Size, seed: 23);
        byte[] added = InMemoryS3Content.Create(Size, seed: 24);
        fixture.Server.PutObject(bucket, "deleted", InMemoryS3Content.Create(Size, seed: 22));
        fixture.Server.PutObject(bucket, "kept", kept);
        await client.DeleteObjectAsync(bucket, "deleted");

        await client.PutObjectAsync(new PutObjectRequest { BucketName = bucket, Key = "added", InputStream = new MemoryStream(added), ContentType = "application/octet-stream" });

        Assert.Equal(kept, fixture.Server.GetObjectContent(bucket, "kept"));
        Assert.Equal(added, fixture.Server.GetObjectContent(bucket, "added"));
    }

    [Fact]
    public async Task DeleteObject_ExistingKey_RemovesIt()
    {
        string bucket = fixture.CreateBucket();
        fixture.Server.PutObject(bucket, "k", new byte[10]);
        using AmazonS3Client client = fixture.CreateClient();

        await client.DeleteObjectAsync(bucket, "k");

        Assert.Null(fixture.Server.GetObjectContent(bucket, "k"));
    }
}
