using Amazon.S3.Model;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>Checks shared by upload tests: which S3 operations were sent, and that no multipart upload stays open.</summary>
public static class UploadAssertions
{
    public static int CountPuts(RecordingHandler handler) =>
        handler.Requests.Count(r => r.Method == "PUT" && !r.HasQuery("uploadId") && !r.HasQuery("partNumber"));

    public static int CountUploadParts(RecordingHandler handler) =>
        handler.Requests.Count(r => r.Method == "PUT" && r.HasQuery("partNumber"));

    public static int CountCreates(RecordingHandler handler) =>
        handler.Requests.Count(r => r.Method == "POST" && r.HasQuery("uploads"));

    public static int CountCompletes(RecordingHandler handler) =>
        handler.Requests.Count(r => r.Method == "POST" && r.HasQuery("uploadId"));

    public static int CountAborts(RecordingHandler handler) =>
        handler.Requests.Count(r => r.Method == "DELETE" && r.HasQuery("uploadId"));

    /// <summary>The multipart upload was aborted, and none is left open. At least one abort, not exactly one: an abort
    /// answered slower than its learned bound is sent again, which a busy machine does.</summary>
    public static async Task AssertAbortedAsync(S3TestContext s3)
    {
        Assert.True(CountAborts(s3.Handler) >= 1, "No AbortMultipartUpload was sent.");
        await AssertNoOpenUploadsAsync(s3);
    }

    public static async Task AssertNoOpenUploadsAsync(S3TestContext s3)
    {
        ListMultipartUploadsResponse open = await s3.SetupClient.ListMultipartUploadsAsync(new ListMultipartUploadsRequest { BucketName = s3.BucketName });
        Assert.Empty(open.MultipartUploads ?? []);
    }

    /// <summary>Whether the key exists, through the setup client (invisible to the recording handler).</summary>
    public static async Task<bool> ExistsAsync(S3TestContext s3, string key)
    {
        ListObjectsV2Response list = await s3.SetupClient.ListObjectsV2Async(new ListObjectsV2Request { BucketName = s3.BucketName, Prefix = key });
        return (list.S3Objects ?? []).Any(o => o.Key == key);
    }
}
