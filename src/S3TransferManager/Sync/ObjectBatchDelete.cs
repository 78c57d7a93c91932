using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Scheduling;
using S3TransferManager.Requests;

namespace S3TransferManager.Sync;

/// <summary>
/// Deletes up to <see cref="MaxKeys"/> objects of one bucket with one DeleteObjects request, in quiet mode (S3 answers
/// with the keys it could not delete, not with every key it did), and says which keys failed and why. S3 answers 200
/// even when some keys failed; the AWS SDK then throws <see cref="DeleteObjectsException"/>, whose response lists them.
/// A request that fails as a whole (denied, unreachable) failed every key in it. A server without DeleteObjects
/// (Google Cloud Storage's XML API answers <c>NotImplemented</c>), or one that wants a Content-MD5 the AWS SDK does not
/// send (Swift's s3api answers 400 <c>InvalidRequest</c>), gets one DeleteObject per key instead, from then on
/// for the rest of the sync: the one instance of this class per sync remembers it.
/// </summary>
internal sealed class ObjectBatchDelete(TransferResources resources, string bucket, TransferUtilitySyncRequest options)
{
    /// <summary>The most keys S3 takes in one DeleteObjects request.</summary>
    public const int MaxKeys = 1000;

    /// <summary>Set once the server turned a DeleteObjects down (<see cref="RefusesDeleteObjects"/>).</summary>
    private volatile bool _oneKeyPerRequest;

    /// <returns>The entries not deleted, each with its error; empty when every key was deleted.</returns>
    public async Task<IReadOnlyList<(SyncEntry Entry, Exception Error)>> DeleteAsync(IReadOnlyList<SyncEntry> entries, CancellationToken cancellationToken)
    {
        if (_oneKeyPerRequest)
        {
            return await DeleteOneByOneAsync(entries, cancellationToken).ConfigureAwait(false);
        }

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
            response = await resources.S3.DeleteObjectsAsync(request, CallSlot.Take(lane), cancellationToken).ConfigureAwait(false);
        }
        catch (DeleteObjectsException e) when (e.Response is not null)
        {
            response = e.Response;
        }
        catch (AmazonS3Exception e) when (RefusesDeleteObjects(e))
        {
            _oneKeyPerRequest = true;
            Telemetry.Log.SyncDeleteObjectsRefused(resources.Logger, bucket, e.ErrorCode, e.Message);
            return await DeleteOneByOneAsync(entries, cancellationToken).ConfigureAwait(false);
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

    /// <summary>Whether <paramref name="error"/> turns DeleteObjects itself down, whatever the keys: not implemented
    /// (Google Cloud Storage's XML API), or refused for want of a Content-MD5 (Swift's s3api, to the AWS SDK's CRC32).
    /// Another 400 InvalidRequest (an object lock setting, say) would refuse each key's DeleteObject too.</summary>
    private static bool RefusesDeleteObjects(AmazonS3Exception error) =>
        error.ErrorCode == "NotImplemented"
        || (error.ErrorCode == "InvalidRequest" && error.Message.Contains("Content-MD5", StringComparison.OrdinalIgnoreCase));

    /// <summary>One DeleteObject per key, as many at once as the utility's budget lets through one lane.</summary>
    private async Task<IReadOnlyList<(SyncEntry Entry, Exception Error)>> DeleteOneByOneAsync(IReadOnlyList<SyncEntry> entries,
        CancellationToken cancellationToken)
    {
        using TransferLane lane = resources.Scheduler.OpenLane();
        Exception?[] errors = await Task.WhenAll(entries.Select(entry => DeleteOneAsync(lane, entry, cancellationToken))).ConfigureAwait(false);
        return [.. entries.Zip(errors).Where(static pair => pair.Second is not null).Select(static pair => (pair.First, pair.Second!))];
    }

    /// <returns>Null when the key was deleted; otherwise why not.</returns>
    private async Task<Exception?> DeleteOneAsync(TransferLane lane, SyncEntry entry, CancellationToken cancellationToken)
    {
        try
        {
            await resources.S3.DeleteObjectAsync(new DeleteObjectRequest
            {
                BucketName = bucket,
                Key = entry.Location,
                ExpectedBucketOwner = options.ExpectedBucketOwner,
                RequestPayer = options.RequestPayer,
            }, CallSlot.Take(lane), cancellationToken).ConfigureAwait(false);

            return null;
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            return e;
        }
    }
}
