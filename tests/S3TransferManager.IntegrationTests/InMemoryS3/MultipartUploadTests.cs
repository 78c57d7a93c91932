using System.Net;
using System.Security.Cryptography;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

public sealed class MultipartUploadTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    private const int PartSize = 5 * 1024 * 1024;

    [Fact]
    public async Task CompleteMultipartUpload_ThreeParts_AssemblesByteExact()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((2 * PartSize) + 777_777, seed: 5);
        using AmazonS3Client client = fixture.CreateClient();

        await UploadInThreePartsAsync(client, bucket, content);

        using GetObjectResponse get = await client.GetObjectAsync(bucket, "k");
        Assert.Equal(content, await GetObjectRangeTests.ReadAllAsync(get));
    }

    [Fact]
    public async Task CompleteMultipartUpload_ThreeParts_ReturnsMd5OfPartMd5sDashThree()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((2 * PartSize) + 1000, seed: 6);
        using AmazonS3Client client = fixture.CreateClient();

        CompleteMultipartUploadResponse complete = await UploadInThreePartsAsync(client, bucket, content);

        byte[] partMd5s = [.. MD5.HashData(content.AsSpan(0, PartSize)), .. MD5.HashData(content.AsSpan(PartSize, PartSize)), .. MD5.HashData(content.AsSpan(2 * PartSize))];
        Assert.Equal("\"" + Convert.ToHexStringLower(MD5.HashData(partMd5s)) + "-3\"", complete.ETag);
    }

    [Fact]
    public async Task CompleteMultipartUpload_WrongPartETag_ThrowsInvalidPart()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();
        InitiateMultipartUploadResponse initiate = await client.InitiateMultipartUploadAsync(bucket, "k");
        await client.UploadPartAsync(new UploadPartRequest { BucketName = bucket, Key = "k", UploadId = initiate.UploadId, PartNumber = 1, InputStream = new MemoryStream(new byte[10]) });
        var complete = new CompleteMultipartUploadRequest { BucketName = bucket, Key = "k", UploadId = initiate.UploadId };
        complete.PartETags = [new PartETag(1, "\"00000000000000000000000000000000\"")];

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => client.CompleteMultipartUploadAsync(complete));

        Assert.Equal("InvalidPart", error.ErrorCode);
    }

    [Fact]
    public async Task AbortMultipartUpload_InProgressUpload_RemovesUpload()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();
        InitiateMultipartUploadResponse initiate = await client.InitiateMultipartUploadAsync(bucket, "k");
        await client.UploadPartAsync(new UploadPartRequest { BucketName = bucket, Key = "k", UploadId = initiate.UploadId, PartNumber = 1, InputStream = new MemoryStream(new byte[10]) });

        AbortMultipartUploadResponse abort = await client.AbortMultipartUploadAsync(bucket, "k", initiate.UploadId);

        ListMultipartUploadsResponse uploads = await client.ListMultipartUploadsAsync(bucket);
        Assert.Equal(HttpStatusCode.NoContent, abort.HttpStatusCode);
        Assert.Empty(uploads.MultipartUploads ?? []);
    }

    [Fact]
    public async Task UploadPart_AfterAbort_ThrowsNoSuchUpload()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();
        InitiateMultipartUploadResponse initiate = await client.InitiateMultipartUploadAsync(bucket, "k");
        await client.AbortMultipartUploadAsync(bucket, "k", initiate.UploadId);

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => client.UploadPartAsync(
            new UploadPartRequest { BucketName = bucket, Key = "k", UploadId = initiate.UploadId, PartNumber = 1, InputStream = new MemoryStream(new byte[10]) }));

        Assert.Equal("NoSuchUpload", error.ErrorCode);
    }

    [Fact]
    public async Task ListMultipartUploads_InProgressUpload_ListsIt()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();
        InitiateMultipartUploadResponse initiate = await client.InitiateMultipartUploadAsync(bucket, "k");

        ListMultipartUploadsResponse uploads = await client.ListMultipartUploadsAsync(bucket);

        Assert.Equal(initiate.UploadId, Assert.Single(uploads.MultipartUploads ?? []).UploadId);
    }

    [Fact]
    public async Task ListParts_TwoUploadedParts_ListsThemInOrderWithSizes()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();
        InitiateMultipartUploadResponse initiate = await client.InitiateMultipartUploadAsync(bucket, "k");
        await client.UploadPartAsync(new UploadPartRequest { BucketName = bucket, Key = "k", UploadId = initiate.UploadId, PartNumber = 2, InputStream = new MemoryStream(new byte[20]) });
        await client.UploadPartAsync(new UploadPartRequest { BucketName = bucket, Key = "k", UploadId = initiate.UploadId, PartNumber = 1, InputStream = new MemoryStream(new byte[10]) });

        ListPartsResponse parts = await client.ListPartsAsync(bucket, "k", initiate.UploadId);

        Assert.Equal([(1, 10L), (2, 20L)], (parts.Parts ?? []).Select(p => (p.PartNumber ?? 0, p.Size ?? 0)));
    }

    private static async Task<CompleteMultipartUploadResponse> UploadInThreePartsAsync(AmazonS3Client client, string bucket, byte[] content)
    {
        InitiateMultipartUploadResponse initiate = await client.InitiateMultipartUploadAsync(bucket, "k");
        var complete = new CompleteMultipartUploadRequest { BucketName = bucket, Key = "k", UploadId = initiate.UploadId };
        for (int part = 1; part <= 3; part++)
        {
            int offset = (part - 1) * PartSize;
            int length = part < 3 ? PartSize : content.Length - offset;
            UploadPartResponse response = await client.UploadPartAsync(new UploadPartRequest
            {
                BucketName = bucket,
                Key = "k",
                UploadId = initiate.UploadId,
                PartNumber = part,
                InputStream = new MemoryStream(content, offset, length),
            });
            complete.AddPartETags(response);
        }

        return await client.CompleteMultipartUploadAsync(complete);
    }
}
