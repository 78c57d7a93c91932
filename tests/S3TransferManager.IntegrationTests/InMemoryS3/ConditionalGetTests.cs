using System.Net;
using System.Net.Http.Headers;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

public sealed class ConditionalGetTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    [Fact]
    public async Task GetObject_IfMatchMismatch_Throws412PreconditionFailed()
    {
        string bucket = fixture.CreateBucket();
        fixture.Server.PutObject(bucket, "k", InMemoryS3Content.Create(10));
        using AmazonS3Client client = fixture.CreateClient();
        var request = new GetObjectRequest { BucketName = bucket, Key = "k", EtagToMatch = "\"0123456789abcdef0123456789abcdef\"" };

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => client.GetObjectAsync(request));

        Assert.Equal(HttpStatusCode.PreconditionFailed, error.StatusCode);
        Assert.Equal("PreconditionFailed", error.ErrorCode);
    }

    [Fact]
    public async Task GetObject_IfMatchMatches_ReturnsObject()
    {
        string bucket = fixture.CreateBucket();
        string eTag = fixture.Server.PutObject(bucket, "k", InMemoryS3Content.Create(10));
        using AmazonS3Client client = fixture.CreateClient();

        using GetObjectResponse response = await client.GetObjectAsync(new GetObjectRequest { BucketName = bucket, Key = "k", EtagToMatch = eTag });

        Assert.Equal(HttpStatusCode.OK, response.HttpStatusCode);
    }

    [Fact]
    public async Task GetObject_IfNoneMatchMatches_Returns304()
    {
        string bucket = fixture.CreateBucket();
        string eTag = fixture.Server.PutObject(bucket, "k", InMemoryS3Content.Create(10));
        using HttpClient http = fixture.CreateHttpClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, $"{bucket}/k");
        request.Headers.IfNoneMatch.Add(EntityTagHeaderValue.Parse(eTag));

        using HttpResponseMessage response = await http.SendAsync(request);

        Assert.Equal(HttpStatusCode.NotModified, response.StatusCode);
    }
}
