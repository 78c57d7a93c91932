using Amazon.Runtime;
using Amazon.S3;
using Moq;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Upload;

public sealed class PartSigningTests
{
    [Theory]
    [InlineData("http://127.0.0.1:9000")]
    [InlineData("HTTP://minio.local")]
    public void For_PlainHttp_SignsOnceUnchunked(string serviceUrl)
    {
        using AmazonS3Client client = ClientFor(serviceUrl);

        Assert.Equal(new PayloadSigning(UseChunkEncoding: false, DisablePayloadSigning: null), PartSigning.For(client, null));
    }

    [Fact]
    public void For_PlainHttpAndUnsignedAsked_PassesTheRequestOnForTheSdkToRefuse()
    {
        using AmazonS3Client client = ClientFor("http://127.0.0.1:9000");

        Assert.Equal(new PayloadSigning(UseChunkEncoding: false, DisablePayloadSigning: true), PartSigning.For(client, true));
    }

    [Theory]
    [InlineData(null)]
    [InlineData(true)]
    public void For_Https_SendsUnsignedUnchunked(bool? disablePayloadSigning)
    {
        using AmazonS3Client client = ClientFor("https://s3.example.com");

        Assert.Equal(new PayloadSigning(UseChunkEncoding: false, DisablePayloadSigning: true), PartSigning.For(client, disablePayloadSigning));
    }

    [Fact]
    public void For_HttpsAndSigningAsked_KeepsTheSdkChunkSigning()
    {
        using AmazonS3Client client = ClientFor("https://s3.example.com");

        Assert.Equal(new PayloadSigning(UseChunkEncoding: true, DisablePayloadSigning: false), PartSigning.For(client, false));
    }

    [Fact]
    public void For_RegionEndpoint_SendsUnsignedUnchunked()
    {
        using var client = new AmazonS3Client(new BasicAWSCredentials("a", "b"), Amazon.RegionEndpoint.EUWest1);

        Assert.Equal(new PayloadSigning(UseChunkEncoding: false, DisablePayloadSigning: true), PartSigning.For(client, null));
    }

    [Fact]
    public void For_ClientWithoutConfig_KeepsTheSdkDefault()
    {
        var client = new Mock<IAmazonS3>();

        Assert.Equal(new PayloadSigning(UseChunkEncoding: true, DisablePayloadSigning: null), PartSigning.For(client.Object, null));
    }

    private static AmazonS3Client ClientFor(string serviceUrl) =>
        new(new BasicAWSCredentials("a", "b"), new AmazonS3Config { ServiceURL = serviceUrl, ForcePathStyle = true });
}
