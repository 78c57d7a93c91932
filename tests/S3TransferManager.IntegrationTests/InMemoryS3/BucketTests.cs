using System.Net;
using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

public sealed class BucketTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    [Fact]
    public async Task PutBucket_NewName_MakesHeadBucketSucceed()
    {
        string bucket = "created-" + Guid.NewGuid().ToString("N");
        using AmazonS3Client client = fixture.CreateClient();
        await client.PutBucketAsync(bucket);

        HeadBucketResponse head = await client.HeadBucketAsync(new HeadBucketRequest { BucketName = bucket });

        Assert.Equal(HttpStatusCode.OK, head.HttpStatusCode);
    }

    [Fact]
    public async Task HeadBucket_MissingBucket_Throws404()
    {
        using AmazonS3Client client = fixture.CreateClient();

        AmazonS3Exception error = await Assert.ThrowsAnyAsync<AmazonS3Exception>(
            () => client.HeadBucketAsync(new HeadBucketRequest { BucketName = "missing-" + Guid.NewGuid().ToString("N") }));

        Assert.Equal(HttpStatusCode.NotFound, error.StatusCode);
    }

    [Fact]
    public async Task PutBucket_ExistingName_Succeeds()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();

        PutBucketResponse response = await client.PutBucketAsync(bucket);

        Assert.Equal(HttpStatusCode.OK, response.HttpStatusCode);
    }
}
