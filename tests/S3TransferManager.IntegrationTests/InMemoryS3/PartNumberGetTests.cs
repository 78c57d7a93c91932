using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

public sealed class PartNumberGetTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    private const int PartSize = 1000;
    private readonly byte[] _content = InMemoryS3Content.Create((2 * PartSize) + 500, seed: 7);

    [Fact]
    public async Task GetObject_PartNumberOfMultipartObject_ReturnsThatPart()
    {
        string bucket = SeedMultipart();
        using AmazonS3Client client = fixture.CreateClient();

        using GetObjectResponse response = await client.GetObjectAsync(new GetObjectRequest { BucketName = bucket, Key = "k", PartNumber = 2 });

        Assert.Equal(HttpStatusCode.PartialContent, response.HttpStatusCode);
        Assert.Equal("bytes 1000-1999/2500", response.ContentRange);
        Assert.Equal(_content[PartSize..(2 * PartSize)], await GetObjectRangeTests.ReadAllAsync(response));
    }

    [Fact]
    public async Task GetObject_PartNumberOfMultipartObject_ReturnsPartsCount()
    {
        string bucket = SeedMultipart();
        using AmazonS3Client client = fixture.CreateClient();

        using GetObjectResponse response = await client.GetObjectAsync(new GetObjectRequest { BucketName = bucket, Key = "k", PartNumber = 3 });

        Assert.Equal(3, response.PartsCount);
        Assert.Equal(_content[(2 * PartSize)..], await GetObjectRangeTests.ReadAllAsync(response));
    }

    [Fact]
    public async Task GetObject_PartNumberOneOfSinglePartObject_ReturnsWholeObjectAs206()
    {
        string bucket = fixture.CreateBucket();
        fixture.Server.PutObject(bucket, "k", _content);
        using AmazonS3Client client = fixture.CreateClient();

        using GetObjectResponse response = await client.GetObjectAsync(new GetObjectRequest { BucketName = bucket, Key = "k", PartNumber = 1 });

        Assert.Equal(HttpStatusCode.PartialContent, response.HttpStatusCode);
        Assert.Equal("bytes 0-2499/2500", response.ContentRange);
        Assert.Equal(_content, await GetObjectRangeTests.ReadAllAsync(response));
    }

    [Fact]
    public async Task GetObject_PartNumberBeyondParts_Throws416InvalidPartNumber()
    {
        string bucket = SeedMultipart();
        using AmazonS3Client client = fixture.CreateClient();

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(
            () => client.GetObjectAsync(new GetObjectRequest { BucketName = bucket, Key = "k", PartNumber = 4 }));

        Assert.Equal(HttpStatusCode.RequestedRangeNotSatisfiable, error.StatusCode);
        Assert.Equal("InvalidPartNumber", error.ErrorCode);
    }

    [Fact]
    public async Task HeadObject_PartNumber_ReturnsPartLengthAndPartsCount()
    {
        string bucket = SeedMultipart();
        using AmazonS3Client client = fixture.CreateClient();

        GetObjectMetadataResponse head = await client.GetObjectMetadataAsync(new GetObjectMetadataRequest { BucketName = bucket, Key = "k", PartNumber = 3 });

        Assert.Equal(500, head.ContentLength);
        Assert.Equal(3, head.PartsCount);
    }

    private string SeedMultipart()
    {
        string bucket = fixture.CreateBucket();
        fixture.Server.PutMultipartObject(bucket, "k", _content, PartSize);
        return bucket;
    }
}
