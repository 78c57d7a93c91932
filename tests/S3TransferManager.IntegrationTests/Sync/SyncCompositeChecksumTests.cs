using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Sync;

/// <summary>
/// Checksum mode against an object the AWS CLI uploaded in parts with CRC32, which S3 stores as a composite checksum.
/// moto sends it bare (no "-N", no type) and lists no parts in GetObjectAttributes, so the layout stays unknown: the
/// pair cannot be compared and is copied. (The path where S3 lists the parts is tested against a mocked client.)
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class SyncCompositeChecksumTests(MotoServer moto)
{
    [Fact]
    public async Task SyncWithResponseAsync_CompareChecksumsWithAMultipartCompositeAndNoListedParts_NotComparableAndUploaded()
    {
        // Over the AWS CLI's 8 MiB multipart threshold: two parts.
        byte[] content = TestData.Payload(9 * 1024 * 1024, seed: 11);
        await using SyncScene scene = await SyncScene.CreateAsync(moto, SyncDirection.Upload, [("big.bin", content)]);
        await AwsCli.RunAsync(moto, "s3", "cp", "--only-show-errors", "--checksum-algorithm", "CRC32",
            Path.Combine(scene.SourceRoot, "big.bin"), scene.DestinationUri + "big.bin");
        TransferUtilitySyncRequest request = scene.Request();
        request.CompareChecksums = true;
        scene.S3.Handler.Reset();

        (TransferUtilitySyncResponse response, _, List<SyncObjectEventArgs> events) = await scene.SyncAsync(request);

        Assert.Equal(SyncReason.ChecksumNotComparable, Assert.Single(events).Reason);
        Assert.Equal((1L, 1L), (response.ObjectsTransferred, response.ObjectsNotComparable));
        Assert.Single(scene.S3.Handler.Requests, r => r.HasQuery("attributes"));
        Assert.Equal(TestData.Sha256(content), (await scene.ReadDestinationAsync())["big.bin"]);
    }
}
