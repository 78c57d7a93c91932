using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.AspNetCore.Http;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.IntegrationTests.FaultProxy;

/// <summary>The test proxy itself: it must pass signed requests through unchanged, and fault exactly what its plan says.</summary>
[Collection(MotoCollection.Name)]
public sealed class FaultInjectingProxyTests(MotoServer moto)
{
    [Fact]
    public async Task PassThrough_SignedPutAndGet_ReachMotoAndAreRecorded()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        using AmazonS3Client client = S3TestContext.CreateClient(proxy.Url, httpClientFactory: null);
        byte[] content = TestData.Bytes(300_000);

        await client.PutObjectAsync(new PutObjectRequest { BucketName = s3.BucketName, Key = "a/b c", InputStream = new MemoryStream(content), ContentType = "application/octet-stream" });
        using GetObjectResponse got = await client.GetObjectAsync(s3.BucketName, "a/b c");
        using var copy = new MemoryStream();
        await got.ResponseStream.CopyToAsync(copy);

        Assert.Equal(content, copy.ToArray());
        Assert.Equal(
            [(S3Operation.PutObject, "a/b c", 200), (S3Operation.GetObject, "a/b c", 200)],
            proxy.Requests.Select(r => (r.Operation, r.Key, r.Status)));
    }

    [Fact]
    public async Task NthRule_SecondGetAnswers503_OnlyThatRequestIsFaultedAndTheSdkRetrySucceeds()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("k", TestData.Bytes(1000));
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        proxy.Plan.Nth(S3Operation.GetObject, 2, ProxyFault.SlowDown, key: "k");
        using AmazonS3Client client = S3TestContext.CreateClient(proxy.Url, httpClientFactory: null);

        (await client.GetObjectAsync(s3.BucketName, "k")).Dispose();
        (await client.GetObjectAsync(s3.BucketName, "k")).Dispose();

        Assert.Equal([200, 503, 200], proxy.Requests.Select(r => r.Status));
    }

    [Fact]
    public async Task EveryRule_AccessDenied_SurfacesAsS3ErrorCode()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        proxy.Plan.Every(S3Operation.PutObject, ProxyFault.AccessDenied);
        using AmazonS3Client client = S3TestContext.CreateClient(proxy.Url, httpClientFactory: null);

        var error = await Assert.ThrowsAsync<AmazonS3Exception>(() => client.PutObjectAsync(new PutObjectRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(TestData.Bytes(1000)), ContentType = "application/octet-stream",
        }));

        Assert.Equal(HttpStatusCode.Forbidden, error.StatusCode);
        Assert.Equal("AccessDenied", error.ErrorCode);
    }

    [Fact]
    public async Task ResetRule_ClientSeesTheConnectionDropAndTheNextRequestStillWorks()
    {
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        proxy.Plan.Nth(S3Operation.ListObjects, 1, new ProxyFault.ResetConnection());
        using var http = new HttpClient();

        await Assert.ThrowsAsync<HttpRequestException>(() => http.GetAsync(new Uri(proxy.Url, "/some-bucket")));
        using HttpResponseMessage second = await http.GetAsync(new Uri(proxy.Url, "/some-bucket"));

        Assert.Equal([ProxiedRequest.ResetStatus, (int)second.StatusCode], proxy.Requests.Select(r => r.Status));
    }

    [Theory]
    [InlineData("PUT", "/b/k", "partNumber=2&uploadId=u", S3Operation.UploadPart)]
    [InlineData("PUT", "/b/k", "", S3Operation.PutObject)]
    [InlineData("PUT", "/b", "", S3Operation.CreateBucket)]
    [InlineData("POST", "/b/k", "uploads", S3Operation.CreateMultipartUpload)]
    [InlineData("POST", "/b/k", "uploadId=u", S3Operation.CompleteMultipartUpload)]
    [InlineData("DELETE", "/b/k", "uploadId=u", S3Operation.AbortMultipartUpload)]
    [InlineData("DELETE", "/b/k", "", S3Operation.DeleteObject)]
    [InlineData("GET", "/b/k", "", S3Operation.GetObject)]
    [InlineData("GET", "/b/k", "uploadId=u", S3Operation.ListParts)]
    [InlineData("GET", "/b", "uploads", S3Operation.ListMultipartUploads)]
    [InlineData("GET", "/b", "list-type=2", S3Operation.ListObjects)]
    [InlineData("HEAD", "/b/k", "", S3Operation.HeadObject)]
    public void Classify_MethodPathAndQuery_NamesTheOperation(string method, string path, string query, S3Operation expected)
    {
        var parsed = new QueryCollection(Microsoft.AspNetCore.WebUtilities.QueryHelpers.ParseQuery(query));

        (S3Operation operation, _) = S3RequestClassifier.Classify(method, new PathString(path), parsed);

        Assert.Equal(expected, operation);
    }
}
