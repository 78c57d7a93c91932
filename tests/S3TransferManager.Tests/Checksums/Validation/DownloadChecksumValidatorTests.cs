using Amazon.S3;
using S3TransferManager.Checksums.Validation;
using S3TransferManager.Download;
using S3TransferManager.Parts;
using S3TransferManager.TestSupport;

using static S3TransferManager.Tests.Checksums.Validation.StoredChecksums;

namespace S3TransferManager.Tests.Checksums.Validation;

public sealed class DownloadChecksumValidatorTests
{
    private const int PartSize = 100_000;
    private static readonly byte[] s_object = TestData.Payload((3 * PartSize) + 1234);
    private static readonly PartLayout s_layout = new(s_object.Length, PartSize);

    public static TheoryData<string> Crcs => new() { "CRC32", "CRC32C", "CRC64NVME" };

    [Theory]
    [MemberData(nameof(Crcs))]
    public async Task VerifyAsync_FullObjectCrcOfManyParts_CombinesThePartsAndValidates(string name)
    {
        var algorithm = ChecksumAlgorithm.FindValue(name);
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(FullObject(algorithm, s_object), null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
        Assert.Equal(algorithm, result.Algorithm);
        Assert.Equal(ChecksumType.FULL_OBJECT, result.ChecksumType);
        Assert.Equal(Base64(algorithm, s_object), result.Checksum);
    }

    [Theory]
    [MemberData(nameof(Crcs))]
    public async Task VerifyAsync_OneFlippedBit_ThrowsChecksumMismatchNamingBothValues(string name)
    {
        var algorithm = ChecksumAlgorithm.FindValue(name);
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(FullObject(algorithm, s_object), null);
        byte[] received = (byte[])s_object.Clone();
        received[(2 * PartSize) + 17] ^= 0x04;

        FeedAllParts(validator, received);
        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(() => validator.VerifyAsync(CancellationToken.None).AsTask());

        Assert.Equal(("b", "k", name), (error.BucketName, error.Key, error.Algorithm));
        Assert.Equal(Base64(algorithm, s_object), error.Expected);
        Assert.Equal(Base64(algorithm, received), error.Actual);
        Assert.Null(error.PartNumber);
    }

    [Fact]
    public async Task VerifyAsync_PartsFinishedBeforeTheStoredChecksumWasKnown_StillValidates()
    {
        // The HEAD answers after every part was read: the parts kept their checksum in every candidate algorithm.
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        FeedAllParts(validator, s_object);

        validator.SetStored(FullObject(ChecksumAlgorithm.CRC64NVME, s_object), null);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
    }

    [Fact]
    public void NothingToCheck_StoredChecksumNotKnownYet_False()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);

        Assert.False(validator.NothingToCheck);
    }

    [Fact]
    public void NothingToCheck_StoredChecksumKnown_False()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);

        validator.SetStored(FullObject(ChecksumAlgorithm.CRC32, s_object), null);

        Assert.False(validator.NothingToCheck);
    }

    [Fact]
    public void NothingToCheck_ObjectHasNoStoredChecksum_True()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);

        validator.SetStored(null, "none stored");

        Assert.True(validator.NothingToCheck);
    }

    [Fact]
    public async Task VerifyAsync_StoredChecksumLearnedMidPart_ValidatesTheWholePart()
    {
        var layout = new PartLayout(s_object.Length, s_object.Length);
        var validator = new DownloadChecksumValidator("b", "k", layout);
        using PartHasher hasher = validator.CreateHasher(1);

        hasher.Append(s_object.AsSpan(0, 5000));
        validator.SetStored(FullObject(ChecksumAlgorithm.CRC32C, s_object), null);
        hasher.Append(s_object.AsSpan(5000));
        hasher.Finish();

        Assert.True((await validator.VerifyAsync(CancellationToken.None)).Validated);
    }

    [Fact]
    public async Task VerifyAsync_WaitsForTheStoredChecksum()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        FeedAllParts(validator, s_object);

        Task<ChecksumValidationResult> verify = validator.VerifyAsync(CancellationToken.None).AsTask();
        Assert.False(verify.IsCompleted);
        validator.SetStored(FullObject(ChecksumAlgorithm.CRC32, s_object), null);

        Assert.True((await verify.WaitAsync(TimeSpan.FromSeconds(10))).Validated);
    }

    [Fact]
    public async Task VerifyAsync_NoStoredChecksum_ReportsWhyNothingWasValidated()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(null, "no checksum here");
        FeedAllParts(validator, s_object);

        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.Equal("no checksum here", result.NotValidatedReason);
    }

    [Fact]
    public async Task VerifyAsync_EmptyObject_ValidatesTheChecksumOfNoBytes()
    {
        var validator = new DownloadChecksumValidator("b", "k", new PartLayout(0, PartSize));
        validator.SetStored(FullObject(ChecksumAlgorithm.SHA256, []), null);

        Assert.True((await validator.VerifyAsync(CancellationToken.None)).Validated);
    }

    [Fact]
    public async Task VerifyAsync_OnePartWithFullObjectSha256_Validates()
    {
        byte[] small = TestData.Payload(5000);
        var validator = new DownloadChecksumValidator("b", "k", new PartLayout(small.Length, PartSize));
        validator.SetStored(FullObject(ChecksumAlgorithm.SHA256, small), null);

        FeedAllParts(validator, small);

        Assert.True((await validator.VerifyAsync(CancellationToken.None)).Validated);
    }

    [Theory]
    [InlineData("SHA256")]
    [InlineData("CRC32C")]
    public async Task VerifyAsync_CompositeWithAlignedParts_ChecksEachPartAndTheChecksumOfChecksums(string name)
    {
        var algorithm = ChecksumAlgorithm.FindValue(name);
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(Composite(algorithm, s_object, PartSize), null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
        Assert.Equal(ChecksumType.COMPOSITE, result.ChecksumType);
        Assert.EndsWith("-4", result.Checksum, StringComparison.Ordinal);
    }

    [Fact]
    public async Task VerifyAsync_CompositeShaListedAfterEveryByteWithTheUploadsPartCount_ValidatesFromTheSpeculativeDigests()
    {
        // The ETag said 4 parts, as many as the download's: the stored parts may line up, so SHA was tried too.
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 4);
        FeedAllParts(validator, s_object);

        validator.SetStored(Composite(ChecksumAlgorithm.SHA256, s_object, PartSize), null);

        Assert.True((await validator.VerifyAsync(CancellationToken.None)).Validated);
    }

    [Theory]
    [InlineData(null, 3)]
    [InlineData(7, 3)]
    [InlineData(4, 5)]
    public void SpeculativeCandidates_NoShaDigestCouldBeChecked_AreTheCrcsOnly(int? uploadedPartCount, int expected) =>
        Assert.Equal(expected, new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount).SpeculativeCandidates.Length);

    [Fact]
    public async Task VerifyAsync_ShaStoredButOnlyCrcsTriedOnTheFirstBytes_ReportsNotValidated()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 9);
        FeedAllParts(validator, s_object);

        validator.SetStored(Composite(ChecksumAlgorithm.SHA1, s_object, PartSize), null);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.Contains("uploaded in 9 parts can only be checked over the uploader's own parts", result.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task VerifyAsync_CompositeWithACorruptPart_NamesThePart()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(Composite(ChecksumAlgorithm.SHA1, s_object, PartSize), null);
        byte[] received = (byte[])s_object.Clone();
        received[PartSize + 3] ^= 0x80;

        FeedAllParts(validator, received);
        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(() => validator.VerifyAsync(CancellationToken.None).AsTask());

        Assert.Equal(2, error.PartNumber);
    }

    [Fact]
    public async Task VerifyAsync_CompositeWhosePartsDoNotLineUp_ReportsNotValidated()
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(Composite(ChecksumAlgorithm.SHA256, s_object, PartSize * 2), null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.Contains("do not line up", result.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task VerifyAsync_CompositeShaWithoutListedPartsLinedUpWithOurs_ValidatesOverOurParts()
    {
        // The parts are not listed, but this download's four parts can be the uploader's: the composite is read over them.
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(Composite(ChecksumAlgorithm.SHA256, s_object, PartSize) with { Parts = null }, null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
        Assert.Equal((true, (long?)PartSize), (result.IsInferred, result.InferredPartSize));
    }

    [Fact]
    public async Task VerifyAsync_StoredValueOfTheWrongWidth_ReportsNotValidatedRatherThanAMismatch()
    {
        // moto without its optional CRC library stores a 4-byte CRC32 under the name CRC64NVME.
        var validator = new DownloadChecksumValidator("b", "k", s_layout);
        validator.SetStored(FullObject(ChecksumAlgorithm.CRC32, s_object) with { Algorithm = ChecksumAlgorithm.CRC64NVME }, null);
        FeedAllParts(validator, s_object);

        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.Contains("not a valid CRC64NVME value", result.NotValidatedReason, StringComparison.Ordinal);
    }

    [Fact]
    public void StoredChecksum_From_ReadsTheCompositeSuffix()
    {
        StoredChecksum? stored = StoredChecksum.From(null, null, null, null, "abc=-12", null);

        Assert.Equal(new StoredChecksum(ChecksumAlgorithm.SHA256, "abc=", IsComposite: true, PartCount: 12), stored);
    }

    [Fact]
    public void StoredChecksum_From_NoSupportedChecksum_IsNull() =>
        Assert.Null(StoredChecksum.From(null, "", null, null, null, ChecksumType.FULL_OBJECT));

    private static void FeedAllParts(DownloadChecksumValidator validator, byte[] received) =>
        StoredChecksums.FeedAllParts(validator, new PartLayout(received.Length, PartSize), received, slice: 7777);
}
