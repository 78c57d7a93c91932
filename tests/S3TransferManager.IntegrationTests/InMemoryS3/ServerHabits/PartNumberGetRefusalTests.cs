using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3.ServerHabits;

/// <summary><see cref="InMemoryS3Options.SupportsPartNumberGet"/> off: GET and HEAD with <c>?partNumber=N</c> are
/// answered 405 MethodNotAllowed, as OpenStack Swift's s3api (2.30) answers them. The AWS SDK's TransferUtility
/// downloads by part number and fails; this library downloads by ranges.</summary>
public sealed class PartNumberGetRefusalTests
{
    private const int PartSize = 5 * 1024 * 1024;
    private static readonly InMemoryS3Options s_swift = new() { SupportsPartNumberGet = false };

    [Fact]
    public async Task GetObject_PartNumberAgainstTheSwiftHabit_405MethodNotAllowed()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_swift);
        server.PutMultipartObject(HabitEndpoint.Bucket, "k", InMemoryS3Content.Create(PartSize + 1, seed: 1), PartSize);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(
            () => client.GetObjectAsync(new GetObjectRequest { BucketName = HabitEndpoint.Bucket, Key = "k", PartNumber = 1 }));

        Assert.Equal((HttpStatusCode.MethodNotAllowed, "MethodNotAllowed"), (error.StatusCode, error.ErrorCode));
    }

    [Fact]
    public async Task HeadObject_PartNumberAgainstTheSwiftHabit_405()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_swift);
        server.PutObject(HabitEndpoint.Bucket, "k", [1, 2, 3]);
        using HttpClient http = HabitEndpoint.CreateHttpClient(server);

        using HttpResponseMessage response = await http.SendAsync(new HttpRequestMessage(HttpMethod.Head, "bucket/k?partNumber=1"));

        Assert.Equal(HttpStatusCode.MethodNotAllowed, response.StatusCode);
    }

    [Fact]
    public async Task SdkTransferUtilityDownloadWithResponse_AgainstTheSwiftHabit_Fails405()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_swift);
        server.PutMultipartObject(HabitEndpoint.Bucket, "k", InMemoryS3Content.Create((2 * PartSize) + 1, seed: 2), PartSize);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        using var sdk = new Amazon.S3.Transfer.TransferUtility(client);
        string folder = Directory.CreateTempSubdirectory("inmemory-habit-").FullName;
        try
        {
            AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => sdk.DownloadWithResponseAsync(
                new Amazon.S3.Transfer.TransferUtilityDownloadRequest { BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = Path.Combine(folder, "k") }));

            Assert.Equal(HttpStatusCode.MethodNotAllowed, error.StatusCode);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task DownloadWithResponseAsyncAndOpenStream_MultipartObjectAgainstTheSwiftHabit_ByteExactAfterOneRefusedPartNumberRequest()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_swift);
        byte[] content = InMemoryS3Content.Create((3 * PartSize) + 11, seed: 3);
        server.PutMultipartObject(HabitEndpoint.Bucket, "k", content, PartSize);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        using var utility = new TransferUtility(client);
        string folder = Directory.CreateTempSubdirectory("inmemory-habit-").FullName;
        try
        {
            string path = Path.Combine(folder, "k.bin");
            await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest { BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = path });
            await using TransferUtilityOpenStreamResponse open = await utility.OpenStreamWithResponseAsync(
                new TransferUtilityOpenStreamRequest { BucketName = HabitEndpoint.Bucket, Key = "k" });
            using var streamed = new MemoryStream();
            await open.ResponseStream.CopyToAsync(streamed);

            Assert.Equal(content, await File.ReadAllBytesAsync(path));
            Assert.Equal(content, streamed.ToArray());
            // The first download's GET of part 1 by number is refused, and it opens with a range instead; the utility
            // remembers, and the OpenStream opens with a range at once.
            Assert.Equal(1, server.GetRequestCount(S3Operation.GetObjectPart));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task DownloadWithResponseAsync_EmptyObjectAsTheUtilitysFirstDownloadAgainstTheSwiftHabit_EmptyFile()
    {
        // The refused GET by part number is followed by a ranged GET, which an empty object answers 416: one plain GET
        // then confirms the object is empty, as it does when the opening was ranged from the start.
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_swift);
        server.PutObject(HabitEndpoint.Bucket, "empty", []);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        using var utility = new TransferUtility(client);
        string folder = Directory.CreateTempSubdirectory("inmemory-habit-").FullName;
        try
        {
            string path = Path.Combine(folder, "empty.bin");

            TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
                new TransferUtilityDownloadRequest { BucketName = HabitEndpoint.Bucket, Key = "empty", FilePath = path });

            Assert.Equal((0L, 0L), (new FileInfo(path).Length, response.ContentLength));
            Assert.Equal((1, 1), (server.GetRequestCount(S3Operation.GetObjectPart), server.GetRequestCount(S3Operation.GetObject)));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
