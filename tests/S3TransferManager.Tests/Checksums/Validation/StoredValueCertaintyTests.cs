using Amazon.S3;
using Amazon.S3.Model;
using Moq;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Checksums.Validation;

/// <summary>
/// A whole download against hand-built answers (Moq at the <see cref="IAmazonS3"/> seam): the same stored value is a
/// certain mismatch or an inferred match depending on what the ETag and the HEAD say about it.
/// </summary>
public sealed class StoredValueCertaintyTests : IDisposable
{
    private const int MiB = 1024 * 1024;
    private static readonly byte[] s_object = TestData.Payload((11 * MiB) + 9, seed: 8);

    /// <summary>What S3 stores for the object uploaded in 5 MiB CRC32 parts: the checksum of the part checksums.</summary>
    private static readonly string s_composite = IndependentChecksums.Composite(ChecksumAlgorithm.CRC32, s_object, 5 * MiB);

    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-unit-").FullName;
    private int _attributeRequests;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public async Task DownloadWithResponseAsync_MultipartETagAndBareValueWithoutType_InfersTheCompositeWithoutGetObjectAttributes()
    {
        Mock<IAmazonS3> s3 = Server(eTag: "\"0f1e-3\"", headValue: Bare(s_composite), headType: null);

        TransferUtilityDownloadResponse response = await DownloadAsync(s3);

        ChecksumValidationResult validation = response.ChecksumValidation!;
        Assert.True(validation.Validated, validation.NotValidatedReason);
        Assert.Equal((true, ChecksumType.COMPOSITE, s_composite, (long?)5 * MiB),
            (validation.IsInferred, validation.ChecksumType, validation.Checksum, validation.InferredPartSize));
        Assert.Equal(s_object, await File.ReadAllBytesAsync(Path.Combine(_folder, "out")));
        Assert.Equal(0, _attributeRequests);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_OnePartETagAndTheSameBareValue_IsACertainMismatch()
    {
        // Without "-N" in the ETag the object was one PUT: its value can only be the whole object's CRC32.
        Mock<IAmazonS3> s3 = Server(eTag: "\"0f1e\"", headValue: Bare(s_composite), headType: null);

        var error = await Assert.ThrowsAsync<ChecksumMismatchException>(() => DownloadAsync(s3));

        Assert.Equal(Bare(s_composite), error.Expected);
        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_StatedFullObjectTypeAndAFlippedByte_IsACertainMismatch()
    {
        Mock<IAmazonS3> s3 = Server(eTag: "\"0f1e-3\"", headValue: IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, s_object),
            headType: ChecksumType.FULL_OBJECT, flipAt: (9 * MiB) + 3);

        await Assert.ThrowsAsync<ChecksumMismatchException>(() => DownloadAsync(s3));

        Assert.Empty(Directory.GetFiles(_folder));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_CompositeWithSuffixAndNoListedParts_AsksForThePartsOnceAndInfersTheLayout()
    {
        Mock<IAmazonS3> s3 = Server(eTag: "\"0f1e-3\"", headValue: s_composite, headType: null);

        TransferUtilityDownloadResponse response = await DownloadAsync(s3);

        Assert.True(response.ChecksumValidation!.Validated, response.ChecksumValidation.NotValidatedReason);
        Assert.Equal((true, (long?)5 * MiB), (response.ChecksumValidation.IsInferred, response.ChecksumValidation.InferredPartSize));
        Assert.Equal(1, _attributeRequests);
    }

    private static string Bare(string composite) => composite[..composite.LastIndexOf('-')];

    private Mock<IAmazonS3> Server(string eTag, string headValue, ChecksumType? headType, long flipAt = -1)
    {
        Mock<IAmazonS3> s3 = new FakeDownloadS3(r =>
        {
            GetObjectResponse part = FakeDownloadS3.Partial(s_object, r.ByteRange.Start, Math.Min(r.ByteRange.End, s_object.Length - 1), eTag);
            if (flipAt >= r.ByteRange.Start && flipAt <= r.ByteRange.End)
            {
                byte[] body = ((MemoryStream)part.ResponseStream).ToArray();
                body[flipAt - r.ByteRange.Start] ^= 0xFF;
                part.ResponseStream = new MemoryStream(body);
            }

            return part;
        }, s_object.Length, uploadedPartSize: 5 * MiB).Mock;
        s3.Setup(c => c.GetObjectMetadataAsync(It.IsAny<GetObjectMetadataRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(() => new GetObjectMetadataResponse { ETag = eTag, ChecksumCRC32 = headValue, ChecksumType = headType });
        s3.Setup(c => c.GetObjectAttributesAsync(It.IsAny<GetObjectAttributesRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(() =>
            {
                Interlocked.Increment(ref _attributeRequests);
                return new GetObjectAttributesResponse { ETag = eTag };
            });
        return s3;
    }

    private async Task<TransferUtilityDownloadResponse> DownloadAsync(Mock<IAmazonS3> s3)
    {
        using var utility = new TransferUtility(s3.Object);
        return await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = "b", Key = "k", FilePath = Path.Combine(_folder, "out"), PartSize = 8 * MiB,
        });
    }
}
