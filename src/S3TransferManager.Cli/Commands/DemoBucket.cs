using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// The demo's bucket: made with a name of its own, and removed with everything in it however the demo ends (done,
/// failed or Ctrl+C), so a demo against a real endpoint leaves no <c>s3tm-demo-...</c> bucket behind. Removal has a
/// token of its own, since the demo's may already be cancelled, bounded so a dead endpoint cannot hold the exit.
/// </summary>
internal sealed class DemoBucket : IAsyncDisposable
{
    private static readonly TimeSpan CleanupLimit = TimeSpan.FromSeconds(20);
    private readonly UtilityCalls _calls;
    private readonly TextWriter _warnings;

    private DemoBucket(UtilityCalls calls, string name, TextWriter warnings)
    {
        _calls = calls;
        Name = name;
        _warnings = warnings;
    }

    public string Name { get; }

    public static async Task<DemoBucket> CreateAsync(UtilityCalls calls, TextWriter warnings, CancellationToken token)
    {
        string name = "s3tm-demo-" + Guid.NewGuid().ToString("N")[..8];
        await calls.S3.PutBucketAsync(new PutBucketRequest { BucketName = name }, calls.Slot, token);
        return new DemoBucket(calls, name, warnings);
    }

    /// <summary>Aborts the bucket's open multipart uploads (the library aborts its own; this is belt and braces),
    /// deletes its objects, then the bucket.</summary>
    public async ValueTask DisposeAsync()
    {
        using var limit = new CancellationTokenSource(CleanupLimit);
        try
        {
            ListMultipartUploadsResponse uploads = await _calls.S3.ListMultipartUploadsAsync(new ListMultipartUploadsRequest { BucketName = Name }, _calls.Slot, limit.Token);
            foreach (MultipartUpload upload in uploads.MultipartUploads ?? [])
            {
                await _calls.S3.AbortMultipartUploadAsync(
                    new AbortMultipartUploadRequest { BucketName = Name, Key = upload.Key, UploadId = upload.UploadId }, _calls.Slot, limit.Token);
            }

            ListObjectsV2Response objects = await _calls.S3.ListObjectsV2Async(new ListObjectsV2Request { BucketName = Name }, _calls.Slot, limit.Token);
            foreach (S3Object item in objects.S3Objects ?? [])
            {
                await _calls.S3.DeleteObjectAsync(new DeleteObjectRequest { BucketName = Name, Key = item.Key }, _calls.Slot, limit.Token);
            }

            await _calls.S3.DeleteBucketAsync(new DeleteBucketRequest { BucketName = Name }, _calls.Slot, limit.Token);
        }
        catch (Exception e) when (e is AmazonS3Exception or OperationCanceledException or HttpRequestException or TimeoutException)
        {
            await _warnings.WriteLineAsync($"s3tm: could not remove the demo's bucket {Name}: {ErrorReport.OneLine(e.Message)}");
        }
    }
}
