using System.Net;
using System.Text;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3.ServerHabits;

/// <summary><see cref="InMemoryS3Options.AwsChunkedBodies"/>: aws-chunked bodies refused with 501, as OpenStack Swift's
/// s3api refuses them, or stored framing and all, as s3rver and Google Cloud Storage's XML API store them. The AWS SDK's
/// own uploads meet both; this library signs whole bodies over HTTP, so its uploads are stored as sent.</summary>
public sealed class AwsChunkedBodiesTests
{
    private const int PartSize = 5 * 1024 * 1024;
    private const string ChunkedBody = "5\r\nhello\r\n0\r\n\r\n";

    [Fact]
    public async Task PutObject_AwsChunkedAgainstTheSwiftHabit_501NotImplementedAndNothingStored()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(new InMemoryS3Options { AwsChunkedBodies = InMemoryS3AwsChunkedBodies.NotImplemented });
        using HttpClient http = HabitEndpoint.CreateHttpClient(server);

        using HttpResponseMessage response = await http.SendAsync(ChunkedPut());

        Assert.Equal(HttpStatusCode.NotImplemented, response.StatusCode);
        Assert.Contains("<Code>NotImplemented</Code>", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Null(server.GetObjectContent(HabitEndpoint.Bucket, "k"));
    }

    [Fact]
    public async Task PutObject_AwsChunkedAgainstTheS3rverHabit_StoresTheFramingAsSent()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(new InMemoryS3Options { AwsChunkedBodies = InMemoryS3AwsChunkedBodies.StoreAsSent });
        using HttpClient http = HabitEndpoint.CreateHttpClient(server);

        using HttpResponseMessage response = await http.SendAsync(ChunkedPut());

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(ChunkedBody, Encoding.ASCII.GetString(server.GetObjectContent(HabitEndpoint.Bucket, "k")!));
    }

    [Fact]
    public async Task PutObject_AwsChunkedAsS3Answers_StoresTheDataAlone()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(new InMemoryS3Options());
        using HttpClient http = HabitEndpoint.CreateHttpClient(server);

        using HttpResponseMessage response = await http.SendAsync(ChunkedPut());

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("hello", Encoding.ASCII.GetString(server.GetObjectContent(HabitEndpoint.Bucket, "k")!));
    }

    [Fact]
    public async Task SdkTransferUtilityUpload_AgainstTheSwiftHabit_Fails501()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(new InMemoryS3Options { AwsChunkedBodies = InMemoryS3AwsChunkedBodies.NotImplemented });
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        using var sdk = new Amazon.S3.Transfer.TransferUtility(client);

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(
            () => sdk.UploadAsync(new MemoryStream(InMemoryS3Content.Create(1024, seed: 1)), HabitEndpoint.Bucket, "k"));

        Assert.Equal((HttpStatusCode.NotImplemented, "NotImplemented"), (error.StatusCode, error.ErrorCode));
    }

    [Fact]
    public async Task SdkTransferUtilityUpload_AgainstTheS3rverHabit_StoresAnObjectThatIsNotTheFile()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(new InMemoryS3Options { AwsChunkedBodies = InMemoryS3AwsChunkedBodies.StoreAsSent });
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        using var sdk = new Amazon.S3.Transfer.TransferUtility(client);
        byte[] content = InMemoryS3Content.Create(1024, seed: 2);

        await sdk.UploadAsync(new MemoryStream(content), HabitEndpoint.Bucket, "k");

        byte[] stored = server.GetObjectContent(HabitEndpoint.Bucket, "k")!;
        Assert.NotEqual(content.Length, stored.Length);
        Assert.Contains("x-amz-checksum-", Encoding.ASCII.GetString(stored), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(InMemoryS3AwsChunkedBodies.NotImplemented)]
    [InlineData(InMemoryS3AwsChunkedBodies.StoreAsSent)]
    public async Task UploadWithResponseAsync_FileInPartsAndOneKibibyte_StoredByteExact(InMemoryS3AwsChunkedBodies habit)
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(new InMemoryS3Options { AwsChunkedBodies = habit });
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        using var utility = new TransferUtility(client);
        string path = await HabitEndpoint.CreateFileAsync((4 * PartSize) + 9, seed: 3);
        byte[] small = InMemoryS3Content.Create(1024, seed: 4);
        try
        {
            await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest { BucketName = HabitEndpoint.Bucket, Key = "big", FilePath = path, PartSize = PartSize });
            await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest { BucketName = HabitEndpoint.Bucket, Key = "small", InputStream = new MemoryStream(small) });

            Assert.Equal(await File.ReadAllBytesAsync(path), server.GetObjectContent(HabitEndpoint.Bucket, "big"));
            Assert.Equal(small, server.GetObjectContent(HabitEndpoint.Bucket, "small"));
        }
        finally
        {
            HabitEndpoint.DeleteFolderOf(path);
        }
    }

    private static HttpRequestMessage ChunkedPut()
    {
        var content = new ByteArrayContent(Encoding.ASCII.GetBytes(ChunkedBody));
        content.Headers.ContentEncoding.Add("aws-chunked");
        var request = new HttpRequestMessage(HttpMethod.Put, "bucket/k") { Content = content };
        request.Headers.Add("x-amz-content-sha256", "STREAMING-UNSIGNED-PAYLOAD-TRAILER");
        request.Headers.Add("x-amz-decoded-content-length", "5");
        return request;
    }
}
