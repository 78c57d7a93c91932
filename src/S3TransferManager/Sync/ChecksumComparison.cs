using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Checksums;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Sync;

/// <summary>
/// Checksum mode's answer for a pair of the same size: the full-object checksum S3 stores for the object against a CRC
/// (or digest) of the same algorithm computed over the local file, or, S3 to S3, the two stored checksums against each
/// other. A HEAD (with checksum mode enabled) is sent only when the listing says the object has a checksum; the local
/// file is read only once that HEAD gave a full-object value. A composite checksum (a multipart upload's checksum of
/// part checksums, "-N" suffixed) depends on a part layout the listing does not give, so it cannot be compared, nor can
/// an object stored without a checksum or two objects stored with different algorithms: the pair is copied, and the
/// reason says so.
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
            (ChecksumAlgorithm Algorithm, string Value)? remote = await StoredAsync(objectSide, stored, cancellationToken).ConfigureAwait(false);
            if (remote is not { } known)
            {
                return SyncReason.ChecksumNotComparable;
            }

            string local = await LocalAsync(known.Algorithm, file.Location, cancellationToken).ConfigureAwait(false);
            return string.Equals(local, known.Value, StringComparison.Ordinal) ? null : SyncReason.ChecksumDiffers;
        }

        if (source.ChecksumAlgorithm != destination.ChecksumAlgorithm)
        {
            return SyncReason.ChecksumNotComparable;
        }

        (ChecksumAlgorithm Algorithm, string Value)? from = await StoredAsync(sourceSide, source, cancellationToken).ConfigureAwait(false);
        (ChecksumAlgorithm Algorithm, string Value)? to = from is null ? null
            : await StoredAsync(destinationSide, destination, cancellationToken).ConfigureAwait(false);
        if (from is not { } a || to is not { } b || a.Algorithm != b.Algorithm)
        {
            return SyncReason.ChecksumNotComparable;
        }

        return string.Equals(a.Value, b.Value, StringComparison.Ordinal) ? null : SyncReason.ChecksumDiffers;
    }

    /// <summary>The object's stored full-object checksum, or null when the listing names none, it is composite, or the
    /// HEAD does not give it.</summary>
    private async Task<(ChecksumAlgorithm, string)?> StoredAsync(SyncSide side, SyncEntry entry, CancellationToken cancellationToken)
    {
        if (entry.ChecksumAlgorithm is not { } algorithm || entry.ChecksumType == ChecksumType.COMPOSITE || !ChecksumHasher.IsSupported(algorithm))
        {
            return null;
        }

        GetObjectMetadataResponse head;
        using (TransferLane lane = resources.Scheduler.OpenLane())
        using (await lane.AcquireAsync(cancellationToken).ConfigureAwait(false))
        {
            head = await resources.Client.GetObjectMetadataAsync(new GetObjectMetadataRequest
            {
                BucketName = side.Bucket,
                Key = entry.Location,
                ChecksumMode = ChecksumMode.ENABLED,
                ExpectedBucketOwner = request.ExpectedBucketOwner,
                RequestPayer = request.RequestPayer,
            }, cancellationToken).ConfigureAwait(false);
        }

        string? value = ValueOf(head, algorithm);
        bool composite = head.ChecksumType == ChecksumType.COMPOSITE || value is null || value.Contains('-', StringComparison.Ordinal);
        return composite || head.ContentLength != entry.Size ? null : (algorithm, value!);
    }

    private static async Task<string> LocalAsync(ChecksumAlgorithm algorithm, string path, CancellationToken cancellationToken)
    {
        var file = new FileStream(path, new FileStreamOptions
        {
            Mode = FileMode.Open, Access = FileAccess.Read, Share = FileShare.ReadWrite | FileShare.Delete,
            BufferSize = 0, Options = FileOptions.Asynchronous | FileOptions.SequentialScan,
        });
        await using (file.ConfigureAwait(false))
        {
            return await ChecksumHasher.ComputeAsync(algorithm, file, cancellationToken).ConfigureAwait(false);
        }
    }

    private static string? ValueOf(GetObjectMetadataResponse head, ChecksumAlgorithm algorithm) =>
        algorithm == ChecksumAlgorithm.CRC64NVME ? head.ChecksumCRC64NVME
        : algorithm == ChecksumAlgorithm.CRC32 ? head.ChecksumCRC32
        : algorithm == ChecksumAlgorithm.CRC32C ? head.ChecksumCRC32C
        : algorithm == ChecksumAlgorithm.SHA1 ? head.ChecksumSHA1
        : algorithm == ChecksumAlgorithm.SHA256 ? head.ChecksumSHA256
        : null;
}
