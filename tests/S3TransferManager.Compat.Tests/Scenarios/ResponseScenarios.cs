using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;

namespace CompatScenarios;

// What a download's response says about the object, read as an app using Amazon.S3.Transfer reads it; see
// UploadScenarios. The objects are written with the SDK's own client.
[Collection(CompatMotoCollection.Name)]
public sealed class ResponseScenarios(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task DownloadWithResponseAsync_Metadata_KeysKeepThePrefixAndTheIndexerTakesBothForms()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await PutWithMetadataAsync(bucket);
        using var transferUtility = new TransferUtility(bucket.Client);

        TransferUtilityDownloadResponse response = await transferUtility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = bucket.Name, Key = "k", FilePath = bucket.PathFor("k.bin"),
        });

        AssertMetadata(response.Metadata);
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_Metadata_KeysKeepThePrefixAndTheIndexerTakesBothForms()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await PutWithMetadataAsync(bucket);
        using var transferUtility = new TransferUtility(bucket.Client);

        using TransferUtilityOpenStreamResponse response = await transferUtility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = bucket.Name, Key = "k" });

        AssertMetadata(response.Metadata);
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_CompositeObjectReadToTheEnd_ReportsItsChecksumType()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        // Larger than a first ranged GET of this library (8 MiB), which carries no checksum.
        byte[] content = TestData.Payload((9 * MiB) + 100);
        await bucket.PutCompositeAsync("composite", content);
        using var transferUtility = new TransferUtility(bucket.Client);

        using TransferUtilityOpenStreamResponse response = await transferUtility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = bucket.Name, Key = "composite" });
        var copy = new MemoryStream();
        await response.ResponseStream.CopyToAsync(copy);

        Assert.Equal(content, copy.ToArray());
        Assert.Equal(ChecksumType.COMPOSITE, response.ChecksumType);
        Assert.Null(response.ChecksumCRC32);
    }

    private static async Task PutWithMetadataAsync(MotoBucket bucket)
    {
        var put = new PutObjectRequest { BucketName = bucket.Name, Key = "k", InputStream = new MemoryStream(TestData.Payload(1000)), ContentType = "application/octet-stream" };
        put.Metadata.Add("color", "blue");
        put.Metadata.Add("x-amz-meta-Shape", "round");
        await bucket.Client.PutObjectAsync(put);
    }

    private static void AssertMetadata(MetadataCollection metadata)
    {
        Assert.Equal(2, metadata.Count);
        Assert.Equal("blue", metadata["color"]);
        Assert.Equal("blue", metadata["x-amz-meta-color"]);
        Assert.Equal("round", metadata["SHAPE"]);
        Assert.Null(metadata["absent"]);
        Assert.True(metadata.Keys.Contains("x-amz-meta-color"));
        Assert.All(metadata.Keys, k => Assert.StartsWith("x-amz-meta-", k, StringComparison.Ordinal));
    }
}
