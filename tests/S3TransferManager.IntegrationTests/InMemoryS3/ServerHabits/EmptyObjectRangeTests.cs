using System.Net;
using Amazon.S3;
using S3TransferManager.InMemoryS3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.InMemoryS3.ServerHabits;

/// <summary><see cref="InMemoryS3Options.EmptyObjectRangeAnsweredAsOneByte"/>: a ranged GET of a 0-byte object is
/// answered 206 <c>bytes 0-0/0</c> with a Content-Length of 1 and no body, as s3rver 3.7 answers it (S3: 416).</summary>
public sealed class EmptyObjectRangeTests
{
    private static readonly InMemoryS3Options s_s3rver = new() { EmptyObjectRangeAnsweredAsOneByte = true };

    [Fact]
    public async Task RangedGet_EmptyObjectWithTheS3rverHabit_Announces206OneByteThenEndsWithoutIt()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_s3rver);
        server.PutObject(HabitEndpoint.Bucket, "empty", []);
        using HttpClient http = HabitEndpoint.CreateHttpClient(server);
        using var request = new HttpRequestMessage(HttpMethod.Get, "bucket/empty");
        request.Headers.Range = new System.Net.Http.Headers.RangeHeaderValue(0, (8 * 1024 * 1024) - 1);

        using HttpResponseMessage response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);

        Assert.Equal(HttpStatusCode.PartialContent, response.StatusCode);
        Assert.Equal("bytes 0-0/0", response.Content.Headers.GetValues("Content-Range").Single());
        Assert.Equal(1, response.Content.Headers.ContentLength);
        await Assert.ThrowsAnyAsync<HttpRequestException>(() => response.Content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task RangedGet_EmptyObjectAsS3Answers_416InvalidRange()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(new InMemoryS3Options());
        server.PutObject(HabitEndpoint.Bucket, "empty", []);
        using HttpClient http = HabitEndpoint.CreateHttpClient(server);
        using var request = new HttpRequestMessage(HttpMethod.Get, "bucket/empty");
        request.Headers.Range = new System.Net.Http.Headers.RangeHeaderValue(0, 99);

        using HttpResponseMessage response = await http.SendAsync(request);

        Assert.Equal(HttpStatusCode.RequestedRangeNotSatisfiable, response.StatusCode);
    }

    [Fact]
    public async Task RangedGet_NonEmptyObjectWithTheS3rverHabit_AnsweredAsS3Does()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_s3rver);
        server.PutObject(HabitEndpoint.Bucket, "small", [1, 2, 3]);
        using HttpClient http = HabitEndpoint.CreateHttpClient(server);
        using var request = new HttpRequestMessage(HttpMethod.Get, "bucket/small");
        request.Headers.Range = new System.Net.Http.Headers.RangeHeaderValue(0, 99);

        using HttpResponseMessage response = await http.SendAsync(request);

        Assert.Equal(HttpStatusCode.PartialContent, response.StatusCode);
        Assert.Equal("bytes 0-2/3", response.Content.Headers.GetValues("Content-Range").Single());
        Assert.Equal(new byte[] { 1, 2, 3 }, await response.Content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task DownloadWithResponseAsync_EmptyObjectAnsweredAsOneByte_WritesAnEmptyFile()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_s3rver);
        server.PutObject(HabitEndpoint.Bucket, "empty", []);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        // Opened with a range, as after a server refused part numbers: the range is what s3rver answers this way.
        using TransferUtility utility = S3TestContext.CreateRangedUtility(client);
        string folder = Directory.CreateTempSubdirectory("inmemory-habit-").FullName;
        try
        {
            string path = Path.Combine(folder, "empty.bin");

            await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest { BucketName = HabitEndpoint.Bucket, Key = "empty", FilePath = path });

            Assert.Equal(0, new FileInfo(path).Length);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_EmptyObjectAnsweredAsOneByte_ReadsNothing()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_s3rver);
        server.PutObject(HabitEndpoint.Bucket, "empty", []);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        using TransferUtility utility = S3TestContext.CreateRangedUtility(client);

        await using TransferUtilityOpenStreamResponse open = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = HabitEndpoint.Bucket, Key = "empty" });
        using var read = new MemoryStream();
        await open.ResponseStream.CopyToAsync(read);

        Assert.Equal(0, read.Length);
    }
}
