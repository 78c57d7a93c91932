using System.Net;
using System.Text;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

public sealed class PutObjectTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    // Not a multiple of any chunk size the SDK uses, so the aws-chunked body ends in a short chunk.
    private const int ObjectSize = (3 * 1024 * 1024) + 12345;

    [Fact]
    public async Task PutObject_ViaSdk_StoresDecodedBytes()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create(ObjectSize, seed: 2);
        using AmazonS3Client client = fixture.CreateClient();

        await client.PutObjectAsync(new PutObjectRequest { BucketName = bucket, Key = "k", InputStream = new MemoryStream(content), ContentType = "application/octet-stream" });

        Assert.Equal(content, fixture.Server.GetObjectContent(bucket, "k"));
    }

    [Fact]
    public async Task PutObject_ViaSdk_RoundTripsByteExact()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create(ObjectSize, seed: 3);
        using AmazonS3Client client = fixture.CreateClient();
        PutObjectResponse put = await client.PutObjectAsync(new PutObjectRequest { BucketName = bucket, Key = "k", InputStream = new MemoryStream(content), ContentType = "application/octet-stream" });

        using GetObjectResponse get = await client.GetObjectAsync(bucket, "k");

        Assert.Equal(put.ETag, get.ETag);
        Assert.Equal(content, await GetObjectRangeTests.ReadAllAsync(get));
    }

    [Fact]
    public async Task PutObject_ViaSdk_ETagIsContentMd5()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create(1000, seed: 4);
        using AmazonS3Client client = fixture.CreateClient();

        PutObjectResponse put = await client.PutObjectAsync(new PutObjectRequest { BucketName = bucket, Key = "k", InputStream = new MemoryStream(content), ContentType = "text/plain" });

        Assert.Equal("\"" + Convert.ToHexStringLower(System.Security.Cryptography.MD5.HashData(content)) + "\"", put.ETag);
    }

    [Fact]
    public async Task HeadObject_AfterPutWithMetadata_ReturnsContentTypeAndMetadata()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();
        var put = new PutObjectRequest { BucketName = bucket, Key = "k", ContentBody = "hello", ContentType = "text/plain" };
        put.Metadata.Add("colour", "blue");
        await client.PutObjectAsync(put);

        GetObjectMetadataResponse head = await client.GetObjectMetadataAsync(bucket, "k");

        Assert.Equal("text/plain", head.Headers.ContentType);
        Assert.Equal(5, head.ContentLength);
        Assert.Equal("blue", head.Metadata["colour"]);
    }

    [Fact]
    public async Task PutObject_AwsChunkedWithTrailer_StoresDecodedBytes()
    {
        string bucket = fixture.CreateBucket();
        using HttpClient http = fixture.CreateHttpClient();

        using HttpResponseMessage response = await http.SendAsync(CreateAwsChunkedPut(bucket));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("hello world"u8.ToArray(), fixture.Server.GetObjectContent(bucket, "k"));
    }

    [Fact]
    public async Task HeadObject_ChecksumModeAfterTrailerChecksum_ReturnsTrailerValue()
    {
        string bucket = fixture.CreateBucket();
        using HttpClient http = fixture.CreateHttpClient();
        using HttpResponseMessage put = await http.SendAsync(CreateAwsChunkedPut(bucket));
        using var head = new HttpRequestMessage(HttpMethod.Head, $"{bucket}/k");
        head.Headers.Add("x-amz-checksum-mode", "ENABLED");

        using HttpResponseMessage response = await http.SendAsync(head);

        Assert.Equal("DQpMtQ==", Assert.Single(response.Headers.GetValues("x-amz-checksum-crc32")));
    }

    [Fact]
    public async Task PutObject_MissingBucket_Throws404NoSuchBucket()
    {
        using AmazonS3Client client = fixture.CreateClient();

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(
            () => client.PutObjectAsync(new PutObjectRequest { BucketName = "no-such-bucket", Key = "k", ContentBody = "x" }));

        Assert.Equal("NoSuchBucket", error.ErrorCode);
    }

    private static HttpRequestMessage CreateAwsChunkedPut(string bucket)
    {
        const string body = "5;chunk-signature=0123\r\nhello\r\n6;chunk-signature=4567\r\n world\r\n0\r\nx-amz-checksum-crc32:DQpMtQ==\r\n\r\n";
        var request = new HttpRequestMessage(HttpMethod.Put, $"{bucket}/k") { Content = new ByteArrayContent(Encoding.ASCII.GetBytes(body)) };
        request.Content.Headers.ContentEncoding.Add("aws-chunked");
        request.Headers.Add("x-amz-content-sha256", "STREAMING-UNSIGNED-PAYLOAD-TRAILER");
        request.Headers.Add("x-amz-decoded-content-length", "11");
        request.Headers.Add("x-amz-trailer", "x-amz-checksum-crc32");
        return request;
    }
}
