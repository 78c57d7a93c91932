using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

/// <remarks>
/// moto stores the checksum a client sends with a PutObject, and echoes each UploadPart's checksum, without checking
/// either: so the values are compared with ones computed here. For a completed multipart upload moto computes the
/// object checksum itself from the bytes, but without the optional python packages crc32c and awscrt it falls back to
/// CRC32 for CRC32C and CRC64NVME; for those two the stored object value is not compared (their part checksums are).
/// </remarks>
[Collection(MotoCollection.Name)]
public sealed class UploadChecksumTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    public static TheoryData<string> Algorithms => new() { "CRC32", "CRC32C", "SHA1", "SHA256", "CRC64NVME" };

    [Fact]
    public void IndependentChecksums_StandardCheckInput_GiveThePublishedCheckValues()
    {
        byte[] check = "123456789"u8.ToArray();

        Assert.Equal(0xE3069283u, IndependentChecksums.Crc32C(check));
        Assert.Equal(0xAE8B14860A799888ul, IndependentChecksums.Crc64Nvme(check));
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task UploadWithResponseAsync_SinglePutWithChecksum_StoresTheChecksumOfTheBytes(string name)
    {
        var algorithm = ChecksumAlgorithm.FindValue(name);
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(MiB + 11);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new NonSeekableStream(content), ChecksumAlgorithm = algorithm,
        });

        string expected = IndependentChecksums.Base64(algorithm, content);
        Assert.Equal(expected, StoredChecksum(algorithm, await HeadAsync(s3)));
        Assert.Equal(expected, ResponseChecksum(algorithm, response));
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task UploadWithResponseAsync_MultipartWithChecksum_SendsEachPartsChecksumAndStoresTheObjectChecksum(string name)
    {
        var algorithm = ChecksumAlgorithm.FindValue(name);
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((17 * MiB) + 3);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, content);
        var recorder = new ChecksumHeaderRecorder();
        using AmazonS3Client client = S3TestContext.CreateClient(moto.ServiceUrl, new ChecksumRecorderClientFactory(recorder));
        using var utility = new TransferUtility(client);
        const int partSize = 8 * MiB;

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", FilePath = path, PartSize = partSize, ChecksumAlgorithm = algorithm,
        });

        Assert.Equal(3, response.PartCount);
        for (int part = 1; part <= 3; part++)
        {
            int offset = (part - 1) * partSize;
            Assert.Equal(IndependentChecksums.Base64(algorithm, content.AsSpan(offset, Math.Min(partSize, content.Length - offset))), recorder.PartChecksums[part]);
        }

        using GetObjectResponse get = await s3.SetupClient.GetObjectAsync(new GetObjectRequest { BucketName = s3.BucketName, Key = "k", ChecksumMode = ChecksumMode.ENABLED });
        if (algorithm == ChecksumAlgorithm.SHA1 || algorithm == ChecksumAlgorithm.SHA256)
        {
            // Digests cannot be combined: S3's composite, reported by moto with its "-N" suffix on GET.
            string? stored = get.ChecksumSHA1 ?? get.ChecksumSHA256;
            Assert.Equal(ChecksumType.COMPOSITE, get.ChecksumType);
            Assert.Equal(IndependentChecksums.Composite(algorithm, content, partSize), stored);
        }
        else
        {
            // CRCs are sent as one full-object value combined from the parts, so any client can validate a download.
            Assert.Equal(ChecksumType.FULL_OBJECT, get.ChecksumType);
            if (algorithm == ChecksumAlgorithm.CRC32)
            {
                // moto stores CRC32C and CRC64NVME as CRC32 without the optional crc32c/awscrt modules; CRC32 it gets right.
                Assert.Equal(IndependentChecksums.Base64(algorithm, content), get.ChecksumCRC32);
            }
        }

        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
    }

    [Theory]
    [InlineData("SHA1")]
    [InlineData("SHA256")]
    public async Task UploadWithResponseAsync_FivePartsAgainstMoto_ResponseCarriesTheCompositeChecksumAndItsType(string name)
    {
        // moto's CompleteMultipartUpload answer has no checksum; the library fills in S3's composite from the parts.
        var algorithm = ChecksumAlgorithm.FindValue(name);
        (byte[] content, TransferUtilityUploadResponse response) = await UploadFivePartsAsync(algorithm);

        Assert.Equal(5, response.PartCount);
        Assert.Equal(IndependentChecksums.Composite(algorithm, content, 5 * MiB), ResponseChecksum(algorithm, response));
        Assert.Equal(ChecksumType.COMPOSITE, response.ChecksumType);
        Assert.True(response.ChecksumComputedLocally);
    }

    [Theory]
    [InlineData("CRC32")]
    [InlineData("CRC32C")]
    [InlineData("CRC64NVME")]
    public async Task UploadWithResponseAsync_FivePartCrcUpload_CarriesTheWholeObjectsCrcCombinedFromThePartsAsFullObject(string name)
    {
        // The value sent with CompleteMultipartUpload (and, as moto's answer has none, returned) is the CRC of the whole
        // object, combined from the five part CRCs without reading the data again.
        var algorithm = ChecksumAlgorithm.FindValue(name);
        (byte[] content, TransferUtilityUploadResponse response) = await UploadFivePartsAsync(algorithm);

        Assert.Equal(IndependentChecksums.Base64(algorithm, content), ResponseChecksum(algorithm, response));
        Assert.Equal(ChecksumType.FULL_OBJECT, response.ChecksumType);
        Assert.True(response.ChecksumComputedLocally);
    }

    private async Task<(byte[] Content, TransferUtilityUploadResponse Response)> UploadFivePartsAsync(ChecksumAlgorithm algorithm)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        const int partSize = 5 * MiB;
        byte[] content = TestData.Bytes((4 * partSize) + 1000);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", FilePath = path, PartSize = partSize, ChecksumAlgorithm = algorithm,
        });
        return (content, response);
    }

    private static Task<GetObjectMetadataResponse> HeadAsync(S3TestContext s3) =>
        s3.SetupClient.GetObjectMetadataAsync(new GetObjectMetadataRequest { BucketName = s3.BucketName, Key = "k", ChecksumMode = ChecksumMode.ENABLED });

    private static string? StoredChecksum(ChecksumAlgorithm algorithm, GetObjectMetadataResponse head) => algorithm.Value switch
    {
        "CRC32" => head.ChecksumCRC32,
        "CRC32C" => head.ChecksumCRC32C,
        "CRC64NVME" => head.ChecksumCRC64NVME,
        "SHA1" => head.ChecksumSHA1,
        _ => head.ChecksumSHA256,
    };

    private static string? ResponseChecksum(ChecksumAlgorithm algorithm, TransferUtilityUploadResponse response) => algorithm.Value switch
    {
        "CRC32" => response.ChecksumCRC32,
        "CRC32C" => response.ChecksumCRC32C,
        "CRC64NVME" => response.ChecksumCRC64NVME,
        "SHA1" => response.ChecksumSHA1,
        _ => response.ChecksumSHA256,
    };
}
