using System.Net;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3.ServerHabits;

/// <summary>The server habits reach an endpoint run out of process (<see cref="InMemoryS3Process"/>), through the
/// command line of the standalone endpoint.</summary>
public sealed class ServerHabitsCommandLineTests
{
    [Fact]
    public async Task StartAsync_OutOfProcessWithEveryHabit_AnswersAsTheHabitsSay()
    {
        await using InMemoryS3Process process = await InMemoryS3Process.StartAsync(new InMemoryS3Options
        {
            SupportsChecksumHeaders = false,
            AwsChunkedBodies = InMemoryS3AwsChunkedBodies.NotImplemented,
            SupportsPartNumberGet = false,
            MultipartETagsHavePartCount = false,
            EmptyETagFromCompleteMultipartUpload = true,
            EmptyObjectRangeAnsweredAsOneByte = true,
        });
        await process.SeedObjectAsync("bucket", "multipart", length: 11 << 20, partSize: 5 << 20);
        await process.SeedObjectAsync("bucket", "empty", length: 0);
        using var http = new HttpClient { BaseAddress = process.ServiceUrl };

        using HttpResponseMessage part = await http.GetAsync("bucket/multipart?partNumber=1");
        using var checksumRequest = new HttpRequestMessage(HttpMethod.Get, "bucket/multipart");
        checksumRequest.Headers.Add("x-amz-checksum-mode", "ENABLED");
        using HttpResponseMessage checksum = await http.SendAsync(checksumRequest);
        using var chunkedRequest = new HttpRequestMessage(HttpMethod.Put, "bucket/chunked") { Content = new ByteArrayContent([]) };
        chunkedRequest.Content.Headers.ContentEncoding.Add("aws-chunked");
        using HttpResponseMessage chunked = await http.SendAsync(chunkedRequest);
        using HttpResponseMessage head = await http.SendAsync(new HttpRequestMessage(HttpMethod.Head, "bucket/multipart"));
        using var rangeRequest = new HttpRequestMessage(HttpMethod.Head, "bucket/empty");
        rangeRequest.Headers.Range = new System.Net.Http.Headers.RangeHeaderValue(0, 99);
        using HttpResponseMessage range = await http.SendAsync(rangeRequest);

        Assert.Equal(HttpStatusCode.MethodNotAllowed, part.StatusCode);
        Assert.Equal(HttpStatusCode.BadRequest, checksum.StatusCode);
        Assert.Equal(HttpStatusCode.NotImplemented, chunked.StatusCode);
        Assert.Matches("^\"[0-9a-f]{32}\"$", head.Headers.ETag!.Tag);
        Assert.Equal((HttpStatusCode.PartialContent, "bytes 0-0/0"), (range.StatusCode, range.Content.Headers.GetValues("Content-Range").Single()));
    }
}
