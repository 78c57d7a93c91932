using Amazon.Runtime;
using Amazon.S3;
using Moq;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Upload;

public sealed class PartSigningTests
{
    [Theory]
    [InlineData("http://127.0.0.1:9000", false)]
    [InlineData("HTTP://minio.local", false)]
    [InlineData("https://s3.example.com", true)]
    public void UseChunkEncoding_ServiceUrl_ChunksOnlyOverHttps(string serviceUrl, bool expected)
    {
        using var client = new AmazonS3Client(new BasicAWSCredentials("a", "b"), new AmazonS3Config { ServiceURL = serviceUrl, ForcePathStyle = true });

        Assert.Equal(expected, PartSigning.UseChunkEncoding(client));
    }

    [Fact]
    public void UseChunkEncoding_ClientWithoutConfig_KeepsTheSdkDefault()
    {
        var client = new Mock<IAmazonS3>();

        Assert.True(PartSigning.UseChunkEncoding(client.Object));
    }
}
