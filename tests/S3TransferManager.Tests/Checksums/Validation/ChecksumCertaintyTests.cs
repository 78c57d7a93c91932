using Amazon.S3;
using S3TransferManager.Checksums.Validation;
using S3TransferManager.Parts;
using S3TransferManager.TestSupport;

using static S3TransferManager.Tests.Checksums.Validation.StoredChecksums;

namespace S3TransferManager.Tests.Checksums.Validation;

/// <summary>
/// Where the stored value's meaning is certain, a flipped byte throws: a one-part object, a value ending in <c>-N</c>,
/// a stated type, listed parts. And a server that stored a CRC32 under the CRC32C name (moto without its crc32c extra)
/// is recognised and reported as not validated, never as a mismatch.
/// </summary>
public sealed class ChecksumCertaintyTests
{
    private const int MiB = 1024 * 1024;
    private static readonly byte[] s_object = TestData.Payload((11 * MiB) + 9, seed: 6);
    private static readonly PartLayout s_layout = new(s_object.Length, 8 * MiB);

    public static TheoryData<string> CertainValues => new() { "one-part object, bare value", "stated FULL_OBJECT", "-N with listed parts", "stated COMPOSITE with listed parts" };

    [Theory]
    [MemberData(nameof(CertainValues))]
    public async Task VerifyAsync_CertainMeaningAndAFlippedByte_ThrowsChecksumMismatch(string certainty)
    {
        (StoredChecksum stored, int? uploadedPartCount) = Certain(certainty, ChecksumAlgorithm.CRC32);
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount);
        validator.SetStored(stored, null);
        byte[] received = (byte[])s_object.Clone();
        received[(6 * MiB) + 1] ^= 0x80;

        FeedAllParts(validator, received);

        await Assert.ThrowsAsync<ChecksumMismatchException>(() => validator.VerifyAsync(CancellationToken.None).AsTask());
    }

    [Theory]
    [MemberData(nameof(CertainValues))]
    public async Task VerifyAsync_CertainMeaningAndTheRightBytes_ValidatesWithoutInference(string certainty)
    {
        (StoredChecksum stored, int? uploadedPartCount) = Certain(certainty, ChecksumAlgorithm.CRC32C);
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount);
        validator.SetStored(stored, null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.True(result.Validated, result.NotValidatedReason);
        Assert.False(result.IsInferred);
        Assert.Null(result.InferredPartSize);
    }

    [Fact]
    public async Task VerifyAsync_StatedFullObjectCrc32StoredUnderTheCrc32CName_ReportsTheWrongAlgorithm()
    {
        StoredChecksum stored = FullObject(ChecksumAlgorithm.CRC32, s_object) with { Algorithm = ChecksumAlgorithm.CRC32C };
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 3);
        validator.SetStored(stored, null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.True(result.Inconclusive);
        Assert.Contains("is the full-object CRC32 of the bytes received: the server stored a CRC32 under the CRC32C name", result.NotValidatedReason,
            StringComparison.Ordinal);
    }

    [Fact]
    public async Task VerifyAsync_StatedFullObjectCrc32UnderTheCrc32CNameAndAFlippedByte_StillThrows()
    {
        // Neither a CRC32C nor the CRC32 a server may have stored in its place: the bytes are wrong.
        StoredChecksum stored = FullObject(ChecksumAlgorithm.CRC32, s_object) with { Algorithm = ChecksumAlgorithm.CRC32C };
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 3);
        validator.SetStored(stored, null);
        byte[] received = (byte[])s_object.Clone();
        received[3] ^= 0x08;

        FeedAllParts(validator, received);

        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(() => validator.VerifyAsync(CancellationToken.None).AsTask());
        Assert.Equal("CRC32C", error.Algorithm);
    }

    [Fact]
    public async Task VerifyAsync_BareCompositeCrc32UnderTheCrc32CName_ReportsTheWrongAlgorithmAndTheReading()
    {
        // What moto stores for an AWS SDK upload in 5 MiB CRC32C parts when it lacks CRC32C: the CRC32 composite.
        StoredChecksum stored = Bare(Composite(ChecksumAlgorithm.CRC32, s_object, 5 * MiB)) with { Algorithm = ChecksumAlgorithm.CRC32C };
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 3);
        validator.SetStored(stored, null);

        FeedAllParts(validator, s_object);
        ChecksumValidationResult result = await validator.VerifyAsync(CancellationToken.None);

        Assert.False(result.Validated);
        Assert.Contains("is the composite CRC32 over parts of 5 MiB of the bytes received", result.NotValidatedReason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("CRC32C", 3, "CRC32C,CRC32")]
    [InlineData("CRC32C", null, "CRC32C")]
    [InlineData("CRC32", 3, "CRC32")]
    [InlineData("SHA256", 3, "SHA256")]
    public void NameAlgorithms_CrcOfAMultipartObject_AddsTheCrc32WitnessOnlyForCrc32C(string name, int? uploadedPartCount, string expected)
    {
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount);

        validator.NameAlgorithms(FullObject(ChecksumAlgorithm.FindValue(name), s_object));

        Assert.True(validator.TryGetAlgorithms(out ChecksumAlgorithm[]? algorithms));
        Assert.Equal(expected, string.Join(",", algorithms.Select(a => a.Value)));
    }

    [Fact]
    public void NameAlgorithms_CompositeCrc32C_HashesNoWitness()
    {
        // A listed or "-N" composite's part values are the uploader's own: no server computed them in another algorithm.
        var validator = new DownloadChecksumValidator("b", "k", s_layout, uploadedPartCount: 3);

        validator.NameAlgorithms(Composite(ChecksumAlgorithm.CRC32C, s_object, 5 * MiB));

        Assert.True(validator.TryGetAlgorithms(out ChecksumAlgorithm[]? algorithms));
        Assert.Equal([ChecksumAlgorithm.CRC32C], algorithms);
    }

    [Theory]
    [InlineData(null, null, false, false)]
    [InlineData("abc=-3", null, true, true)]
    [InlineData("abc=", "FULL_OBJECT", false, true)]
    [InlineData("abc=", "COMPOSITE", true, true)]
    public void From_TheResponsesHeaders_SayWhetherTheTypeIsStated(string? suffixed, string? type, bool composite, bool stated)
    {
        StoredChecksum stored = StoredChecksum.From(null, suffixed ?? "abc=", null, null, null, type is null ? null : ChecksumType.FindValue(type))!;

        Assert.Equal((composite, stated), (stored.IsComposite, stored.IsTypeStated));
    }

    /// <summary>The object's stored value in one of the ways that make its meaning certain, and the ETag's part count.</summary>
    private static (StoredChecksum Stored, int? UploadedPartCount) Certain(string certainty, ChecksumAlgorithm algorithm) => certainty switch
    {
        "one-part object, bare value" => (Bare(FullObject(algorithm, s_object)), null),
        "stated FULL_OBJECT" => (FullObject(algorithm, s_object), 3),
        "-N with listed parts" => (Composite(algorithm, s_object, 5 * MiB), 3),
        _ => (Composite(algorithm, s_object, 5 * MiB) with { PartCount = 0 }, 3),
    };

    private static void FeedAllParts(DownloadChecksumValidator validator, byte[] received) =>
        StoredChecksums.FeedAllParts(validator, s_layout, received, slice: 65_536);
}
