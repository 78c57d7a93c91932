using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

public sealed class GetObjectRangeTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    private readonly byte[] _content = InMemoryS3Content.Create(100, seed: 1);

    [Fact]
    public async Task GetObject_NoRange_ReturnsWholeObjectWithHeaders()
    {
        string bucket = Seed(out string eTag);
        using AmazonS3Client client = fixture.CreateClient();

        using GetObjectResponse response = await client.GetObjectAsync(bucket, "k");

        Assert.Equal(HttpStatusCode.OK, response.HttpStatusCode);
        Assert.Equal(eTag, response.ETag);
        Assert.Equal("binary/octet-stream", response.Headers.ContentType);
        Assert.Equal(_content, await ReadAllAsync(response));
    }

    [Fact]
    public async Task GetObject_ClosedRange_ReturnsRequestedBytes()
    {
        using GetObjectResponse response = await GetRangeAsync("bytes=10-19");

        Assert.Equal(HttpStatusCode.PartialContent, response.HttpStatusCode);
        Assert.Equal("bytes 10-19/100", response.ContentRange);
        Assert.Equal(_content[10..20], await ReadAllAsync(response));
    }

    [Fact]
    public async Task GetObject_OpenEndedRange_ReturnsBytesToTheEnd()
    {
        using GetObjectResponse response = await GetRangeAsync("bytes=90-");

        Assert.Equal("bytes 90-99/100", response.ContentRange);
        Assert.Equal(_content[90..], await ReadAllAsync(response));
    }

    [Fact]
    public async Task GetObject_SuffixRange_ReturnsLastBytes()
    {
        using GetObjectResponse response = await GetRangeAsync("bytes=-7");

        Assert.Equal("bytes 93-99/100", response.ContentRange);
        Assert.Equal(_content[93..], await ReadAllAsync(response));
    }

    [Fact]
    public async Task GetObject_RangeEndPastSize_ClampsToLastByte()
    {
        using GetObjectResponse response = await GetRangeAsync("bytes=50-5000");

        Assert.Equal("bytes 50-99/100", response.ContentRange);
        Assert.Equal(_content[50..], await ReadAllAsync(response));
    }

    [Fact]
    public async Task GetObject_RangeStartPastSize_Throws416InvalidRange()
    {
        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => GetRangeAsync("bytes=100-200"));

        Assert.Equal(HttpStatusCode.RequestedRangeNotSatisfiable, error.StatusCode);
        Assert.Equal("InvalidRange", error.ErrorCode);
    }

    [Fact]
    public async Task GetObject_RangeOnEmptyObject_Throws416InvalidRange()
    {
        string bucket = fixture.CreateBucket();
        fixture.Server.PutObject(bucket, "empty", ReadOnlySpan<byte>.Empty);
        using AmazonS3Client client = fixture.CreateClient();
        var request = new GetObjectRequest { BucketName = bucket, Key = "empty", ByteRange = new ByteRange(0, 1023) };

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => client.GetObjectAsync(request));

        Assert.Equal(HttpStatusCode.RequestedRangeNotSatisfiable, error.StatusCode);
        Assert.Equal("InvalidRange", error.ErrorCode);
    }

    [Fact]
    public async Task GetObject_RangeOnEmptyObject_SendsUnsatisfiedContentRange()
    {
        string bucket = fixture.CreateBucket();
        fixture.Server.PutObject(bucket, "empty", ReadOnlySpan<byte>.Empty);
        using HttpClient http = fixture.CreateHttpClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, $"{bucket}/empty");
        request.Headers.Range = new System.Net.Http.Headers.RangeHeaderValue(0, 1023);

        using HttpResponseMessage response = await http.SendAsync(request);

        Assert.Equal(HttpStatusCode.RequestedRangeNotSatisfiable, response.StatusCode);
        Assert.Equal("bytes */0", response.Content.Headers.ContentRange?.ToString());
    }

    [Fact]
    public async Task GetObject_MissingKey_Throws404NoSuchKey()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();

        AmazonS3Exception error = await Assert.ThrowsAnyAsync<AmazonS3Exception>(() => client.GetObjectAsync(bucket, "missing"));

        Assert.Equal(HttpStatusCode.NotFound, error.StatusCode);
        Assert.Equal("NoSuchKey", error.ErrorCode);
    }

    internal static async Task<byte[]> ReadAllAsync(GetObjectResponse response)
    {
        using var buffer = new MemoryStream();
        await response.ResponseStream.CopyToAsync(buffer);
        return buffer.ToArray();
    }

    private string Seed(out string eTag)
    {
        string bucket = fixture.CreateBucket();
        eTag = fixture.Server.PutObject(bucket, "k", _content);
        return bucket;
    }

    private async Task<GetObjectResponse> GetRangeAsync(string range)
    {
        string bucket = Seed(out _);
        using AmazonS3Client client = fixture.CreateClient();
        return await client.GetObjectAsync(new GetObjectRequest { BucketName = bucket, Key = "k", ByteRange = new ByteRange(range) });
    }
}
