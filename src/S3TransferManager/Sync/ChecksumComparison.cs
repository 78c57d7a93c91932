using System.Globalization;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Checksums;
using S3TransferManager.Checksums.Validation;
using S3TransferManager.Multipart;
using S3TransferManager.Scheduling;
using S3TransferManager.Requests;

namespace S3TransferManager.Sync;

/// <summary>
/// Checksum mode's answer for a pair of the same size: the checksum S3 stores for the object against one of the same
/// algorithm computed over the local file, or, S3 to S3, the two stored full-object checksums against each other. A
/// HEAD (with checksum mode enabled) is sent only when the listing says the object has a checksum; the local file is
/// read only once that HEAD gave a value. A composite checksum (a multipart upload's checksum of its part checksums,
/// "-N" suffixed) is compared with a local file when GetObjectAttributes lists the part sizes: the file is hashed part
/// by part in the same layout. Otherwise (no parts listed; S3 to S3, where two layouts may differ), and for an object
/// stored without a checksum or two objects stored with different algorithms, the pair cannot be compared: it is
/// copied, and the reason says so.
/// </summary>
internal sealed class ChecksumComparison(TransferResources resources, TransferUtilitySyncRequest request)
{
    /// <returns>Why the source must be copied, or null when the checksums match.</returns>
    public async Task<SyncReason?> CompareAsync(SyncSide sourceSide, SyncEntry source, SyncSide destinationSide, SyncEntry destination,
        CancellationToken cancellationToken)
    {
        if (sourceSide.IsLocal || destinationSide.IsLocal)
        {
            (SyncSide objectSide, SyncEntry stored, SyncEntry file) = sourceSide.IsLocal
                ? (destinationSide, destination, source)
                : (sourceSide, source, destination);
            return await CompareWithFileAsync(objectSide, stored, file.Location, cancellationToken).ConfigureAwait(false);
        }

        // Two composite checksums agree only if the two uploads used the same part layout: S3 to S3 they are not compared.
        if (source.ChecksumAlgorithm != destination.ChecksumAlgorithm
            || source.ChecksumType == ChecksumType.COMPOSITE || destination.ChecksumType == ChecksumType.COMPOSITE)
        {
            return SyncReason.ChecksumNotComparable;
        }

        StoredChecksum? from = await StoredAsync(sourceSide, source, cancellationToken).ConfigureAwait(false);
        StoredChecksum? to = from is null or { IsComposite: true } ? null : await StoredAsync(destinationSide, destination, cancellationToken).ConfigureAwait(false);
        if (from is not { IsComposite: false } a || to is not { IsComposite: false } b || a.Algorithm != b.Algorithm)
        {
            return SyncReason.ChecksumNotComparable;
        }

        return string.Equals(a.Value, b.Value, StringComparison.Ordinal) ? null : SyncReason.ChecksumDiffers;
    }

    private async Task<SyncReason?> CompareWithFileAsync(SyncSide objectSide, SyncEntry stored, string path, CancellationToken cancellationToken)
    {
        if (await StoredAsync(objectSide, stored, cancellationToken).ConfigureAwait(false) is not { } checksum)
        {
            return SyncReason.ChecksumNotComparable;
        }

        if (!checksum.IsComposite)
        {
            string local = await LocalChecksum.FullObjectAsync(checksum.Algorithm, path, cancellationToken).ConfigureAwait(false);
            if (string.Equals(local, checksum.Value, StringComparison.Ordinal))
            {
                return null;
            }

            // A bare value with no type, for an object uploaded in parts, may be a composite sent without its "-N"
            // (moto sends them so): it differs only if it is not the composite either.
            if (checksum.IsTypeStated || MultipartETags.PartCount(stored.ETag) is not (> 0 and int etagParts))
            {
                return SyncReason.ChecksumDiffers;
            }

            checksum = checksum with { IsComposite = true, PartCount = etagParts };
        }

        IReadOnlyList<StoredPart>? parts = await PartsAsync(objectSide, stored, checksum, cancellationToken).ConfigureAwait(false);
        if (parts is null || parts.Sum(static p => p.Size) != stored.Size)
        {
            return SyncReason.ChecksumNotComparable;
        }

        string? composite = await LocalChecksum.CompositeAsync(checksum.Algorithm, path, [.. parts.Select(static p => p.Size)], cancellationToken)
            .ConfigureAwait(false);
        string expected = $"{checksum.Value}-{parts.Count.ToString(CultureInfo.InvariantCulture)}";
        return string.Equals(composite, expected, StringComparison.Ordinal) ? null : SyncReason.ChecksumDiffers;
    }

    /// <summary>The object's stored checksum, from a HEAD pinned to the listed ETag; null when the listing names none (no
    /// HEAD is sent), its algorithm is one this library does not compute, the HEAD gives none or describes another size,
    /// or the object changed since it was listed (412).</summary>
    private async Task<StoredChecksum?> StoredAsync(SyncSide side, SyncEntry entry, CancellationToken cancellationToken)
    {
        if (entry.ChecksumAlgorithm is not { } algorithm || !ChecksumHasher.IsSupported(algorithm))
        {
            return null;
        }

        GetObjectMetadataResponse head;
        try
        {
            using TransferLane lane = resources.Scheduler.OpenLane();
            // Pinned to the listed ETag: the checksum must describe the object the listing's size and ETag did.
            head = await resources.S3.HeadObjectAsync(new GetObjectMetadataRequest
            {
                BucketName = side.Bucket,
                Key = entry.Location,
                ChecksumMode = ChecksumMode.ENABLED,
                EtagToMatch = entry.ETag,
                ExpectedBucketOwner = request.ExpectedBucketOwner,
                RequestPayer = request.RequestPayer,
            }, CallSlot.Take(lane), cancellationToken).ConfigureAwait(false);
        }
        catch (ObjectModifiedException)
        {
            // Overwritten since it was listed: nothing certain to compare, so the pair is copied.
            return null;
        }

        StoredChecksum? stored = StoredChecksum.From(head.ChecksumCRC64NVME, head.ChecksumCRC32, head.ChecksumCRC32C, head.ChecksumSHA1,
            head.ChecksumSHA256, head.ChecksumType);
        return stored is null || stored.Algorithm != algorithm || head.ContentLength != entry.Size ? null : stored;
    }

    /// <summary>The object's stored parts (sizes and checksums); null when S3 does not list them or refuses to.</summary>
    private async Task<IReadOnlyList<StoredPart>?> PartsAsync(SyncSide side, SyncEntry entry, StoredChecksum checksum, CancellationToken cancellationToken)
    {
        try
        {
            using TransferLane lane = resources.Scheduler.OpenLane();
            return await StoredPartsListing.ListAsync(resources.S3, CallSlot.Take(lane), side.Bucket!, entry.Location, versionId: null,
                checksum.Algorithm, checksum.PartCount, r =>
                {
                    r.ExpectedBucketOwner = request.ExpectedBucketOwner;
                    r.RequestPayer = request.RequestPayer;
                }, cancellationToken).ConfigureAwait(false);
        }
        catch (AmazonS3Exception)
        {
            // Without s3:GetObjectAttributes (or on a server without it) the layout stays unknown: the pair is copied.
            return null;
        }
    }
}
