using Amazon.S3;
using S3TransferManager.Checksums.Validation;
using S3TransferManager.Parts;
using S3TransferManager.TestSupport;

using static S3TransferManager.Tests.Checksums.Validation.StoredChecksums;

namespace S3TransferManager.Tests.Checksums.Validation;

/// <summary>
/// A stored value whose meaning the server left open (moto's HEAD: a bare value, no <c>-N</c>, no type) for an object
/// uploaded in parts: every reading that fits is tried, one that matches validates the bytes and says it was inferred,
/// and none matching leaves the download unvalidated, never a mismatch.
/// </summary>
public sealed class ChecksumInferenceTests
{
    private const int MiB = 1024 * 1024;
    private static readonly byte[] s_object = TestData.Payload((17 * MiB) + 3, seed: 5);

    /// <summary>The library's default 8 MiB parts: 8 + 8 + 1 MiB.</summary>
    private static readonly PartLayout s_layout = new(s_object.Length, 8 * MiB);

    public static TheoryData<string> Crcs => new() { "CRC32", "CRC32C", "CRC64NVME" };

    public static TheoryData<int, int> UploaderPartSizes => new()
    {
        // Uploader's part size in MiB, and the ETag's part count for this object.
        { 5, 4 },
        { 8, 3 },
        { 16, 2 },
        { 9, 2 },
    };

    [Theory]
    [MemberData(nameof(Crcs))]
    public async Task VerifyAsync_BareFullObjectCrc_ValidatesAsAnInferredFullObjectReading(string name)
    {
        var algorithm = ChecksumAlgorithm.FindValue(name);
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 3);
        validator.SetStored(Bare(FullObject(algorithm, s_object)), null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
        Assert.True(result.IsInferred);
        Assert.Equal((algorithm, ChecksumType.FULL_OBJECT, Base64(algorithm, s_object), (long?)null),
            (result.Algorithm, result.ChecksumType, result.Checksum, result.InferredPartSize));
    }

    [Theory]
    [MemberData(nameof(UploaderPartSizes))]
    public async Task VerifyAsync_BareCompositeCrc32_ValidatesAsTheCompositeOverTheUploadersParts(int partSizeMiB, int partCount)
    {
        StoredChecksum composite = Composite(ChecksumAlgorithm.CRC32, s_object, partSizeMiB * MiB);
        Assert.Equal(partCount, composite.PartCount);
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: partCount);
        validator.SetStored(Bare(composite), null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
        Assert.True(result.IsInferred);
        Assert.Equal((ChecksumType.COMPOSITE, $"{composite.Value}-{partCount}", (long?)partSizeMiB * MiB),
            (result.ChecksumType, result.Checksum, result.InferredPartSize));
    }

    [Fact]
    public async Task VerifyAsync_BareCompositeLearnedAfterEveryByte_ReadsItFromTheGridKeptMeanwhile()
    {
        // The HEAD answered last: every part was hashed in every CRC, with running values at each MiB.
        StoredChecksum composite = Composite(ChecksumAlgorithm.CRC32C, s_object, 5 * MiB);
        var validator = new DownloadChecksumValidator("b", "k", new PartLayout(s_object.Length, 3 * MiB), uploadedPartCount: 4);
        StoredChecksums.FeedAllParts(validator, new PartLayout(s_object.Length, 3 * MiB), s_object, slice: 65_536);

        validator.SetStored(Bare(composite), null);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
        Assert.Equal(5L * MiB, result.InferredPartSize);
    }

    [Theory]
    [InlineData("full")]
    [InlineData("composite")]
    public async Task VerifyAsync_BareValueAndAFlippedByte_ReportsNotValidatedInsteadOfAMismatch(string stored)
    {
        // Corrupt bytes match no reading; so would a correct object read the wrong way, so this proves nothing.
        StoredChecksum value = stored == "full" ? FullObject(ChecksumAlgorithm.CRC32, s_object) : Composite(ChecksumAlgorithm.CRC32, s_object, 8 * MiB);
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 3);
        validator.SetStored(Bare(value), null);
        byte[] received = (byte[])s_object.Clone();
        received[(9 * MiB) + 7] ^= 0x01;

        FeedAllParts(validator, received);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.True(result.Inconclusive);
        Assert.StartsWith("the stored checksum's type is not stated and no reading of it matched", result.NotValidatedReason, StringComparison.Ordinal);
        Assert.Contains("composite CRC32 over 3 parts of 6 MiB to 8 MiB", result.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task VerifyAsync_BareCompositeOffTheMebibyteGrid_ReportsNotValidated()
    {
        StoredChecksum composite = Composite(ChecksumAlgorithm.CRC32, s_object, 6_000_000);
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: composite.PartCount);
        validator.SetStored(Bare(composite), null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.True(result.Inconclusive);
    }

    [Theory]
    [InlineData("SHA1")]
    [InlineData("SHA256")]
    public async Task VerifyAsync_BareShaCompositeWhosePartsLineUpWithOurs_ValidatesAsAnInferredComposite(string name)
    {
        var algorithm = ChecksumAlgorithm.FindValue(name);
        StoredChecksum composite = Composite(algorithm, s_object, 8 * MiB);
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 3);
        validator.SetStored(Bare(composite), null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
        Assert.Equal((true, ChecksumType.COMPOSITE, (long?)8 * MiB), (result.IsInferred, result.ChecksumType, result.InferredPartSize));
    }

    [Fact]
    public async Task VerifyAsync_BareShaCompositeWhosePartsDoNotLineUp_ReportsNotValidatedAndHowToCheckIt()
    {
        StoredChecksum composite = Composite(ChecksumAlgorithm.SHA256, s_object, 5 * MiB);
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 4);
        validator.SetStored(Bare(composite), null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.Contains("set PartSize to the uploader's part size", result.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task VerifyAsync_BareShaCompositeLinedUpAndAFlippedByte_ReportsNotValidated()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 3);
        validator.SetStored(Bare(Composite(ChecksumAlgorithm.SHA1, s_object, 8 * MiB)), null);
        byte[] received = (byte[])s_object.Clone();
        received[100] ^= 0x40;

        FeedAllParts(validator, received);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.True(result.Inconclusive);
    }

    [Fact]
    public async Task VerifyAsync_CompositeWithSuffixButUnlistedParts_InfersTheLayout()
    {
        // A "-N" makes the type certain, but without listed parts the layout is still inferred from the grid.
        StoredChecksum composite = Composite(ChecksumAlgorithm.CRC32, s_object, 5 * MiB);
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 4);
        validator.SetStored(Unlisted(composite), null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
        Assert.Equal((true, 5L * MiB), (result.IsInferred, result.InferredPartSize));
    }

    [Fact]
    public async Task VerifyAsync_CompositeWithSuffixButUnlistedPartsAndAFlippedByte_ReportsNotValidated()
    {
        // Certain that it is a composite, not over which parts: an uploader's odd part size would fail the same way.
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 4);
        validator.SetStored(Unlisted(Composite(ChecksumAlgorithm.CRC32, s_object, 5 * MiB)), null);
        byte[] received = (byte[])s_object.Clone();
        received[12 * MiB] ^= 0x02;

        FeedAllParts(validator, received);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.Contains("that S3 did not list, and no layout of them matched", result.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public void SetStored_BareValueOfAMultipartObject_KeepsTheGridForItsReadings()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 3);

        validator.SetStored(Bare(FullObject(ChecksumAlgorithm.CRC32, s_object)), null);

        Assert.Equal(2 * MiB, validator.NextCheckpointAfter(MiB));
    }

    [Fact]
    public void SetStored_StatedFullObjectValue_StopsKeepingTheGrid()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 3);

        validator.SetStored(FullObject(ChecksumAlgorithm.CRC32, s_object), null);

        Assert.Equal(long.MaxValue, validator.NextCheckpointAfter(MiB));
    }

    private static void FeedAllParts(DownloadChecksumValidator validator, byte[] received) =>
        StoredChecksums.FeedAllParts(validator, s_layout, received, slice: 65_536);
}
