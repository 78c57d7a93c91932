using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Sync;

/// <summary>
/// Deletes up to <see cref="MaxKeys"/> objects of one bucket with one DeleteObjects request, in quiet mode (S3 answers
/// with the keys it could not delete, not with every key it did), and says which keys failed and why. S3 answers 200
/// even when some keys failed; the AWS SDK then throws <see cref="DeleteObjectsException"/>, whose response lists them.
/// A request that fails as a whole (denied, unreachable) failed every key in it.
/// </summary>
internal static class ObjectBatchDelete
{
    /// <summary>The most keys S3 takes in one DeleteObjects request.</summary>
    public const int MaxKeys = 1000;

    /// <returns>The entries not deleted, each with its error; empty when every key was deleted.</returns>
    public static async Task<IReadOnlyList<(SyncEntry Entry, Exception Error)>> DeleteAsync(TransferResources resources, string bucket,
        IReadOnlyList<SyncEntry> entries, TransferUtilitySyncRequest options, CancellationToken cancellationToken)
    {
        var request = new DeleteObjectsRequest
        {
            BucketName = bucket,
            Objects = [.. entries.Select(static e => new KeyVersion { Key = e.Location })],
            Quiet = true,
            ExpectedBucketOwner = options.ExpectedBucketOwner,
            RequestPayer = options.RequestPayer,
        };
        DeleteObjectsResponse response;
        try
        {
            using TransferLane lane = resources.Scheduler.OpenLane();
            using (await lane.AcquireAsync(cancellationToken).ConfigureAwait(false))
            {
                response = await resources.Client.DeleteObjectsAsync(request, cancellationToken).ConfigureAwait(false);
            }
        }
        catch (DeleteObjectsException e) when (e.Response is not null)
        {
            response = e.Response;
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            return [.. entries.Select(entry => (entry, e))];
        }

        if (response.DeleteErrors is not { Count: > 0 } errors)
        {
            return [];
        }

        var byKey = new Dictionary<string, SyncEntry>(entries.Count, StringComparer.Ordinal);
        foreach (SyncEntry entry in entries)
        {
            byKey[entry.Location] = entry;
        }

        var failed = new List<(SyncEntry, Exception)>(errors.Count);
        foreach (DeleteError error in errors)
        {
            if (error.Key is { } key && byKey.Remove(key, out SyncEntry? entry))
            {
                failed.Add((entry, new AmazonS3Exception(
                    $"DeleteObjects did not delete s3://{bucket}/{key}: {error.Code}: {error.Message}") { ErrorCode = error.Code }));
            }
        }

        return failed;
    }
}
