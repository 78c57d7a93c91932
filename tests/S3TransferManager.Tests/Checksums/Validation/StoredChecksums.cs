using Amazon.S3;
using S3TransferManager.Checksums.Validation;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.Parts;

namespace S3TransferManager.Tests.Checksums.Validation;

/// <summary>Stored checksums built independently of the library (System.IO.Hashing and System.Security.Cryptography),
/// and a way to feed a download's parts to a validator, for the validator's tests.</summary>
internal static class StoredChecksums
{
    public static StoredChecksum FullObject(ChecksumAlgorithm algorithm, byte[] content) =>
        new(algorithm, Base64(algorithm, content), IsComposite: false, PartCount: 1);

    /// <summary>What S3 stores for <paramref name="content"/> uploaded in parts of <paramref name="storedPartSize"/>, with
    /// the parts GetObjectAttributes would list.</summary>
    public static StoredChecksum Composite(ChecksumAlgorithm algorithm, byte[] content, int storedPartSize)
    {
        var parts = new List<StoredPart>();
        var raw = new List<byte>();
        for (int offset = 0; offset < content.Length; offset += storedPartSize)
        {
            ReadOnlySpan<byte> part = content.AsSpan(offset, Math.Min(storedPartSize, content.Length - offset));
            parts.Add(new StoredPart(part.Length, Base64(algorithm, part)));
            raw.AddRange(IndependentChecksums.Raw(algorithm, part));
        }

        return new StoredChecksum(algorithm, Base64(algorithm, raw.ToArray()), IsComposite: true, parts.Count) { Parts = parts };
    }

    /// <summary>The value as moto sends it in a HEAD: bare (no <c>-N</c>), with no type and no listed parts.</summary>
    public static StoredChecksum Bare(StoredChecksum stored) =>
        new(stored.Algorithm, stored.Value, IsComposite: false, PartCount: 1) { IsTypeStated = false };

    /// <summary>A composite value with a <c>-N</c> suffix whose parts GetObjectAttributes did not list.</summary>
    public static StoredChecksum Unlisted(StoredChecksum composite) => composite with { Parts = null };

    public static string Base64(ChecksumAlgorithm algorithm, ReadOnlySpan<byte> data) => Convert.ToBase64String(IndependentChecksums.Raw(algorithm, data));

    /// <summary>Feeds every part of <paramref name="layout"/> in uneven slices of <paramref name="slice"/> bytes, as
    /// network reads would, parts out of order.</summary>
    public static void FeedAllParts(DownloadChecksumValidator validator, PartLayout layout, byte[] received, int slice)
    {
        for (int part = layout.PartCount; part >= 1; part--)
        {
            using PartHasher hasher = validator.CreateHasher(part);
            ReadOnlySpan<byte> bytes = received.AsSpan((int)layout.StartOf(part), (int)layout.LengthOf(part));
            for (int offset = 0; offset < bytes.Length; offset += slice)
            {
                hasher.Append(bytes[offset..Math.Min(bytes.Length, offset + slice)]);
            }

            hasher.Finish();
        }
    }
}
