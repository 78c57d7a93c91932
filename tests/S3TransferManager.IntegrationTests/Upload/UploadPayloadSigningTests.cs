using System.Text.RegularExpressions;
using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

/// <summary>Over plain HTTP, where the SDK refuses unsigned payloads, every part is signed once (a SHA-256 of its
/// bytes, unchunked) and moto, which checks signatures, accepts it. Each part's payload hash and CRC are those of
/// exactly the file's bytes the part holds.</summary>
[Collection(MotoCollection.Name)]
public sealed partial class UploadPayloadSigningTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task UploadWithResponseAsync_MultipartFileOverHttp_SignsEachPartOnceAndMotoStoresIt()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((17 * MiB) + 7);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, content);
        using var recorder = new PayloadHashRecorder(new SocketsHttpHandler());
        using AmazonS3Client client = S3TestContext.CreateClient(moto.ServiceUrl, new HandlerClientFactory(recorder));
        using var utility = new TransferUtility(client);

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", FilePath = path, PartSize = 8 * MiB });

        Assert.Equal(3, recorder.Parts.Count);
        Assert.All(recorder.Parts, part => Assert.Matches(Sha256Hex(), part.PayloadHash));
        Assert.All(recorder.Parts, part =>
        {
            int offset = (part.PartNumber - 1) * 8 * MiB;
            byte[] bytes = content.AsSpan(offset, Math.Min(8 * MiB, content.Length - offset)).ToArray();
            Assert.Equal(TestData.Sha256(bytes), part.PayloadHash, ignoreCase: true);
            // S3's form of a CRC32: base64 of its big-endian bytes.
            Assert.Equal(Convert.ToBase64String(System.IO.Hashing.Crc32.Hash(bytes).Reverse().ToArray()), part.Crc32);
        });
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
    }

    [GeneratedRegex("^[0-9a-f]{64}$")]
    private static partial Regex Sha256Hex();
}
