using Amazon.S3;
using S3TransferManager.Checksums.Validation;
using S3TransferManager.Parts;
using S3TransferManager.TestSupport;

using static S3TransferManager.Tests.Checksums.Validation.StoredChecksums;

namespace S3TransferManager.Tests.Checksums.Validation;

/// <summary>
/// A part's digest of all its bytes, which a resumable download's journal records instead of hashing the bytes a
/// second time: whatever the validator learns about the stored checksum, and whenever it learns it.
/// </summary>
public sealed class PartHasherTests
{
    private const int PartSize = 100_000;
    private static readonly byte[] s_object = TestData.Payload(3 * PartSize);
    private static readonly PartLayout s_layout = new(s_object.Length, PartSize);
    private static readonly ReadOnlyMemory<byte> s_part2 = s_object.AsMemory(PartSize, PartSize);

    [Fact]
    public void WholePartDigest_StoredAlgorithmKnownBeforeTheFirstByte_IsThatAlgorithmsChecksumOfThePart()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(FullObject(ChecksumAlgorithm.CRC32C, s_object), null);

        PartDigest digest = HashPart2(validator, ChecksumAlgorithm.CRC64NVME, splitAt: 0)!;

        Assert.Equal(ChecksumAlgorithm.CRC32C, digest.Algorithm);
        Assert.Equal(Base64(ChecksumAlgorithm.CRC32C, s_part2.ToArray()), digest.Checksum);
    }

    [Fact]
    public void WholePartDigest_NothingStoredBeforeTheFirstByte_IsTheChecksumAskedForWhenNothingIsChecked()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(null, "none stored");

        PartDigest digest = HashPart2(validator, ChecksumAlgorithm.CRC64NVME, splitAt: 0)!;

        Assert.Equal(ChecksumAlgorithm.CRC64NVME, digest.Algorithm);
        Assert.Equal(Base64(ChecksumAlgorithm.CRC64NVME, s_part2.ToArray()), digest.Checksum);
    }

    [Fact]
    public void WholePartDigest_NothingStoredLearnedMidPart_KeepsACandidateThatSawEveryByte()
    {
        // The HEAD answers "no checksum" after the part's first bytes went through every candidate.
        var validator = new DownloadChecksumValidator("b", "k", s_layout);

        PartDigest digest = HashPart2(validator, ChecksumAlgorithm.CRC64NVME, splitAt: 12_345,
            midway: () => validator.SetStored(null, "none stored"))!;

        Assert.Equal(Base64(digest.Algorithm, s_part2.ToArray()), digest.Checksum);
    }

    [Fact]
    public void WholePartDigest_StoredAlgorithmLearnedMidPart_IsThatAlgorithmsChecksumOfThePart()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);

        PartDigest digest = HashPart2(validator, ChecksumAlgorithm.CRC64NVME, splitAt: 12_345,
            midway: () => validator.SetStored(FullObject(ChecksumAlgorithm.CRC32, s_object), null))!;

        Assert.Equal(ChecksumAlgorithm.CRC32, digest.Algorithm);
        Assert.Equal(Base64(ChecksumAlgorithm.CRC32, s_part2.ToArray()), digest.Checksum);
    }

    [Fact]
    public void WholePartDigest_NothingStoredAndNoDigestAsked_Null()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(null, "none stored");

        Assert.Null(HashPart2(validator, whenNothingToCheck: null, splitAt: 0));
    }

    [Fact]
    public void WholePartDigest_BeforeTheLastByte_Null()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        using PartHasher hasher = validator.CreateHasher(2, ChecksumAlgorithm.CRC64NVME);

        hasher.Append(s_part2.Span[..1000]);

        Assert.Null(hasher.WholePartDigest);
    }

    /// <summary>Hashes part 2 in two pieces, calling <paramref name="midway"/> between them, and returns its digest.</summary>
    private static PartDigest? HashPart2(DownloadChecksumValidator validator, ChecksumAlgorithm? whenNothingToCheck, int splitAt,
        Action? midway = null)
    {
        using PartHasher hasher = validator.CreateHasher(2, whenNothingToCheck);
        hasher.Append(s_part2.Span[..splitAt]);
        midway?.Invoke();
        hasher.Append(s_part2.Span[splitAt..]);
        hasher.Finish();
        return hasher.WholePartDigest;
    }
}
