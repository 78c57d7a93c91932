using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Multipart;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;
using S3TransferManager.Requests;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// Learns an object's stored checksum when the first GET did not carry it (S3 sends none with a ranged GET): one HEAD
/// with checksum mode, pinned to the download's ETag, sent alongside the parts so that it never delays the first byte;
/// and, for a composite checksum only, GetObjectAttributes for the stored parts' sizes and checksums. A bare value with
/// no type (moto's way of sending a composite) gets no GetObjectAttributes: the validator tries its readings instead.
/// HEAD rather than GetObjectAttributes for the common case because it needs only the s3:GetObject permission a
/// download has anyway.
/// Each request takes its turn of the transfer's lane like a part does, so the utility's request budget holds; the
/// HEAD is queued right after discovery, ahead of parts 2..N, and its answer is only needed at the end.
/// </summary>
internal static class StoredChecksumLookup
{
    /// <summary>Looks the checksum up and hands it to <paramref name="validator"/>. Never throws: a lookup that fails
    /// (a server without checksum mode, a denied permission, an object replaced meanwhile) leaves the download
    /// unvalidated, with the reason, rather than failing it. Cancellation also ends it quietly.</summary>
    /// <remarks>With <c>known</c>, a composite checksum already learned for this version (from the first response, or
    /// from a HEAD sent before it, <see cref="ChecksumHead"/>), no HEAD is sent: only its parts are listed.</remarks>
    public static async Task RunAsync(S3Calls s3, TransferLane lane, ObjectVersion target, DownloadChecksumValidator validator, ILogger logger,
        CancellationToken cancellationToken, StoredChecksum? known = null)
    {
        try
        {
            StoredChecksum? stored = known;
            if (stored is null)
            {
                GetObjectMetadataResponse head = await s3.HeadObjectAsync(HeadRequest(target), CallSlot.Take(lane), cancellationToken).ConfigureAwait(false);
                stored = StoredChecksum.From(head.ChecksumCRC64NVME, head.ChecksumCRC32, head.ChecksumCRC32C, head.ChecksumSHA1, head.ChecksumSHA256,
                    head.ChecksumType);
            }

            // The parts hash in the stored algorithm alone from now on, while the stored parts are still being listed.
            validator.NameAlgorithms(stored);
            if (stored is { IsComposite: true })
            {
                stored = await WithListedPartsAsync(s3, lane, target, stored, logger, cancellationToken).ConfigureAwait(false);
            }

            validator.SetStored(stored, stored is null ? "S3 stored no checksum with the object (or one of an algorithm this library does not check)." : null);
        }
        catch (Exception e) when (e is ObjectDisposedException || (e is OperationCanceledException && cancellationToken.IsCancellationRequested))
        {
            // The transfer ended (failed, canceled: its lane is gone) before the checksum was needed.
            validator.SetStored(null, "the download stopped before the stored checksum was known.");
        }
        catch (Exception e)
        {
            Log.StoredChecksumUnavailable(logger, target.Bucket, target.Key, e);
            string reason = e switch
            {
                ObjectModifiedException => "the object changed after it was read, so its stored checksum is another version's.",
                RequestStalledException => $"the HEAD for its stored checksum got no answer ({e.Message}).",
                _ => $"its stored checksum could not be learned ({e.GetType().Name}: {e.Message}).",
            };
            validator.SetStored(null, reason);
        }
    }

    /// <summary>The composite checksum with its stored parts, as GetObjectAttributes lists them; without them when it
    /// does not (moto lists none) or cannot be asked (a denied permission): then the validator infers the layout.</summary>
    private static async Task<StoredChecksum> WithListedPartsAsync(S3Calls s3, TransferLane lane, ObjectVersion target, StoredChecksum stored,
        ILogger logger, CancellationToken cancellationToken)
    {
        try
        {
            IReadOnlyList<StoredPart>? parts = await StoredPartsListing.ListAsync(s3, CallSlot.Take(lane), target.Bucket, target.Key, target.VersionId,
                stored.Algorithm, stored.PartCount, request => RequestOptions.ApplyTo(target.Options, request), cancellationToken).ConfigureAwait(false);
            return stored with { Parts = parts };
        }
        catch (AmazonServiceException e)
        {
            Log.StoredPartsUnavailable(logger, target.Bucket, target.Key, e);
            return stored;
        }
    }

    /// <summary>A HEAD with checksum mode for <paramref name="target"/>, pinned to its ETag when known, with its options.</summary>
    internal static GetObjectMetadataRequest HeadRequest(ObjectVersion target)
    {
        var request = new GetObjectMetadataRequest
        {
            BucketName = target.Bucket,
            Key = target.Key,
            VersionId = target.VersionId,
            EtagToMatch = target.ETag,
            ChecksumMode = ChecksumMode.ENABLED,
        };
        RequestOptions.ApplyTo(target.Options, request);
        return request;
    }
}
