using Amazon.S3;
using S3TransferManager.Checksums.Validation;
using S3TransferManager.Parts;
using S3TransferManager.TestSupport;

using static S3TransferManager.Tests.Checksums.Validation.StoredChecksums;

namespace S3TransferManager.Tests.Checksums.Validation;

/// <summary>
/// Composite checksums whose stored parts do not line up with the download's parts (an uploader's 3 MiB parts, our
/// 4 MiB parts with a shrinking tail): each stored part's CRC is built from pieces of ours.
/// </summary>
public sealed class CompositeChecksumPiecesTests
{
    private const int MiB = 1024 * 1024;
    private static readonly byte[] s_object = TestData.Payload((13 * MiB) + 12345);

    /// <summary>4 MiB parts, then a tail of 2 MiB parts for 3 connections: boundaries at 4, 8, then scaled ones.</summary>
    private static readonly PartLayout s_layout = new(s_object.Length, 4 * MiB, tailWidth: 3);

    [Theory]
    [InlineData("CRC32", 3 * MiB)]
    [InlineData("CRC32C", 3 * MiB)]
    [InlineData("CRC32", (3 * MiB) + 100)]
    public async Task VerifyAsync_StoredPartsKnownBeforeTheBytes_ChecksEveryStoredPart(string name, int storedPartSize)
    {
        var algorithm = ChecksumAlgorithm.FindValue(name);
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 5);
        StoredChecksum stored = Composite(algorithm, s_object, storedPartSize);
        validator.SetStored(stored, null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
        Assert.Equal(ChecksumType.COMPOSITE, result.ChecksumType);
        Assert.Equal($"{stored.Value}-{stored.PartCount}", result.Checksum);
    }

    [Fact]
    public async Task VerifyAsync_StoredPartsListedAfterEveryByte_UsesTheMebibyteGrid()
    {
        // The HEAD and GetObjectAttributes answered last: the parts kept running CRCs at every MiB, in every candidate.
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 5);
        FeedAllParts(validator, s_object);

        validator.SetStored(Composite(ChecksumAlgorithm.CRC32, s_object, 3 * MiB), null);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
    }

    [Fact]
    public async Task VerifyAsync_StoredPartsListedMidPart_UsesTheGridBeforeAndTheExactEndsAfter()
    {
        const int storedPartSize = 3 * MiB;
        var layout = new PartLayout(s_object.Length, s_object.Length);
        var validator = new DownloadChecksumValidator("b", "k", layout, uploadedPartCount: 5);
        using PartHasher hasher = validator.CreateHasher(1);

        hasher.Append(s_object.AsSpan(0, (4 * MiB) + 5));
        validator.SetStored(Composite(ChecksumAlgorithm.CRC32C, s_object, storedPartSize), null);
        hasher.Append(s_object.AsSpan((4 * MiB) + 5));
        hasher.Finish();

        Assert.True((await validator.VerifyAsync(CancellationToken.None)).Validated);
    }

    [Fact]
    public async Task VerifyAsync_StoredPartsOffTheGridListedTooLate_ReportsNotValidatedWithTheOffset()
    {
        const int storedPartSize = (3 * MiB) + 100;
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 5);
        FeedAllParts(validator, s_object);

        validator.SetStored(Composite(ChecksumAlgorithm.CRC32, s_object, storedPartSize), null);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.Contains($"ends at byte {storedPartSize}", result.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task VerifyAsync_FlippedByteInAStoredPartSpanningTwoOfOurs_NamesTheStoredPart()
    {
        // Stored part 3 is bytes 6..9 MiB; ours are 4..8 and 8..12 MiB: the flip at 8 MiB + 1 is in our second piece.
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 5);
        validator.SetStored(Composite(ChecksumAlgorithm.CRC32, s_object, 3 * MiB), null);
        byte[] received = (byte[])s_object.Clone();
        received[(8 * MiB) + 1] ^= 0x10;

        FeedAllParts(validator, received);
        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(() => validator.VerifyAsync(CancellationToken.None).AsTask());

        Assert.Equal(3, error.PartNumber);
        Assert.Equal(Base64(ChecksumAlgorithm.CRC32, received.AsSpan(6 * MiB, 3 * MiB)), error.Actual);
    }

    [Fact]
    public async Task VerifyAsync_CompositeShaNotLiningUp_ReportsNotValidated()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 5);
        validator.SetStored(Composite(ChecksumAlgorithm.SHA256, s_object, 3 * MiB), null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.Contains("cannot be built from pieces", result.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task VerifyAsync_ObjectNotUploadedInPartsAndListedLate_KeepsNoGrid()
    {
        // Without an "md5-N" ETag no composite checksum is possible, so no running CRC is kept along the way.
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: null);
        FeedAllParts(validator, s_object);

        validator.SetStored(Composite(ChecksumAlgorithm.CRC32, s_object, 3 * MiB), null);

        Assert.False((await validator.VerifyAsync(CancellationToken.None)).Validated);
    }

    private static void FeedAllParts(DownloadChecksumValidator validator, byte[] received) =>
        StoredChecksums.FeedAllParts(validator, s_layout, received, slice: 77_777);
}
