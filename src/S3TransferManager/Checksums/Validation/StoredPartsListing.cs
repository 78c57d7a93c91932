using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Requests;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// The parts S3 stored for an object uploaded in parts, with their sizes and their checksums of one algorithm, as
/// GetObjectAttributes lists them (1,000 a page; S3 allows 10,000 parts). What a composite checksum is checked against:
/// a download's validator and sync's checksum mode both read them here.
/// </summary>
internal static class StoredPartsListing
{
    /// <summary>GetObjectAttributes lists at most 1,000 parts per page.</summary>
    private const int PartsPerPage = 1000;

    /// <param name="s3">Where the requests go out.</param>
    /// <param name="slot">How each page takes its slot of the budget.</param>
    /// <param name="bucket">The object's bucket.</param>
    /// <param name="key">Its key.</param>
    /// <param name="versionId">Its version, or null for the current one.</param>
    /// <param name="algorithm">The algorithm whose part checksums are wanted.</param>
    /// <param name="partCount">How many parts the checksum covers, when known; 0 when not.</param>
    /// <param name="configure">Adds the caller's options to each request (SSE-C, requester pays, bucket owner).</param>
    /// <param name="cancellationToken">Stops the listing.</param>
    /// <returns>The stored parts, in order; <see langword="null"/> when S3 does not list them (moto lists none), lists
    /// them without checksums of <paramref name="algorithm"/>, or not all of them.</returns>
    public static async Task<IReadOnlyList<StoredPart>?> ListAsync(S3Calls s3, CallSlot slot, string bucket, string key, string? versionId,
        ChecksumAlgorithm algorithm, int partCount, Action<GetObjectAttributesRequest> configure, CancellationToken cancellationToken)
    {
        var parts = new List<StoredPart>(partCount);
        int? marker = null;
        for (int page = 0; page <= (partCount / PartsPerPage) + 1; page++)
        {
            var request = new GetObjectAttributesRequest
            {
                BucketName = bucket,
                Key = key,
                VersionId = versionId,
                ObjectAttributes = [ObjectAttributes.ObjectParts],
                MaxParts = PartsPerPage,
                PartNumberMarker = marker,
            };
            configure(request);
            GetObjectAttributesResponse response = await s3.GetObjectAttributesAsync(request, slot, cancellationToken).ConfigureAwait(false);
            GetObjectAttributesParts? listed = response.ObjectParts;
            if (listed?.Parts is not { Count: > 0 } listedParts)
            {
                return null;
            }

            foreach (ObjectPart part in listedParts)
            {
                string? checksum = ChecksumOf(part, algorithm);
                if (checksum is null || part.PartNumber != parts.Count + 1 || part.Size is not { } size)
                {
                    return null;
                }

                parts.Add(new StoredPart(size, checksum));
            }

            if (listed.IsTruncated != true)
            {
                return parts.Count == partCount || partCount == 0 ? parts : null;
            }

            marker = listed.NextPartNumberMarker;
        }

        return null;
    }

    private static string? ChecksumOf(ObjectPart part, ChecksumAlgorithm algorithm) =>
        algorithm == ChecksumAlgorithm.CRC64NVME ? part.ChecksumCRC64NVME
        : algorithm == ChecksumAlgorithm.CRC32 ? part.ChecksumCRC32
        : algorithm == ChecksumAlgorithm.CRC32C ? part.ChecksumCRC32C
        : algorithm == ChecksumAlgorithm.SHA1 ? part.ChecksumSHA1
        : algorithm == ChecksumAlgorithm.SHA256 ? part.ChecksumSHA256
        : null;
}
