using System.Security.Authentication;
using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary>The endpoint over TLS: a certificate made at start, trusted by clients that ask for it and by no one else.</summary>
public sealed class HttpsTests
{
    [Fact]
    public async Task StartAsync_UseHttps_ServesClientsThatTrustItsCertificate()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { UseHttps = true });
        server.PutObject("bucket", "k", InMemoryS3Content.Create(1000, seed: 3));
        using var http = new HttpClient(server.CreateClientHandler());

        byte[] body = await http.GetByteArrayAsync(new Uri(server.ServiceUrl, "bucket/k"));

        Assert.Equal(InMemoryS3Content.Create(1000, seed: 3), body);
    }

    [Fact]
    public async Task StartAsync_UseHttps_RefusesClientsThatDoNotTrustItsCertificate()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { UseHttps = true });
        using var http = new HttpClient(new SocketsHttpHandler());

        HttpRequestException error = await Assert.ThrowsAsync<HttpRequestException>(() => http.GetAsync(new Uri(server.ServiceUrl, "bucket/k")));

        Assert.IsType<AuthenticationException>(error.InnerException);
    }

    [Fact]
    public async Task StartAsync_UseHttpsInChildProcess_ServesSeededObjectOverTls()
    {
        await using InMemoryS3Process process = await InMemoryS3Process.StartAsync(new InMemoryS3Options { UseHttps = true });
        await process.SeedObjectAsync("bucket", "k", length: 100_000, seed: 8);
        using SocketsHttpHandler handler = process.CreateClientHandler();
        using var client = new AmazonS3Client(new BasicAWSCredentials("test", "test"), new AmazonS3Config
        {
            ServiceURL = process.ServiceUrl.ToString(), ForcePathStyle = true, AuthenticationRegion = "us-east-1",
            HttpClientFactory = new HandlerClientFactory(handler),
        });

        using GetObjectResponse response = await client.GetObjectAsync("bucket", "k");

        Assert.Equal(InMemoryS3Content.Create(100_000, seed: 8), await GetObjectRangeTests.ReadAllAsync(response));
    }
}
