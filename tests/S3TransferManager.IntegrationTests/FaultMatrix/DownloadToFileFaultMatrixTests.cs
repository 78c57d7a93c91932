using S3TransferManager.Download;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>The fault matrix for downloads to a file: every row of <see cref="DownloadFaultCases"/>.</summary>
[Collection(FaultMatrixCollection.Name)]
public sealed class DownloadToFileFaultMatrixTests(MotoServer moto)
{
    [Theory]
    [InlineData("503-once")]
    [InlineData("500-once")]
    [InlineData("503-always")]
    [InlineData("403-on-a-part")]
    [InlineData("closed-mid-body")]
    [InlineData("reset-mid-body")]
    [InlineData("closed-always")]
    [InlineData("stall-mid-body")]
    [InlineData("stall-before-headers")]
    [InlineData("discovery-unanswered")]
    [InlineData("head-unanswered")]
    [InlineData("slow-drip")]
    [InlineData("flipped-byte")]
    [InlineData("truncated-body")]
    [InlineData("wrong-content-range")]
    [InlineData("overwritten-mid-transfer")]
    [InlineData("deleted-mid-transfer")]
    [InlineData("cancel-in-discovery")]
    [InlineData("cancel-mid-part")]
    [InlineData("cancel-near-the-end")]
    [InlineData("lead-closed-mid-body")]
    [InlineData("lead-stall-mid-body")]
    [InlineData("lead-flipped-byte")]
    [InlineData("lead-read-in-one-request")]
    [InlineData("missing-folder")]
    [InlineData("read-only-folder")]
    [InlineData("full-disk")]
    public async Task DownloadWithResponseAsync_Fault_EndsRightOrWithItsTypedErrorAndLeavesNothing(string name)
    {
        FaultCase fault = DownloadFaultCases.All[name];
        await using FaultScene scene = await FaultScene.CreateAsync(moto, fault);
        await scene.PutObjectAsync();
        await scene.PrepareDestinationAsync(fault.Destination);
        var request = new TransferUtilityDownloadRequest
        {
            BucketName = scene.S3.BucketName, Key = FaultScene.Key, FilePath = scene.DestinationPath, PartSize = FaultScene.DownloadPartSize,
        };
        request.Validate();

        await MatrixAssertions.RunAsync(scene, fault, async token =>
        {
            await new FileDownloadCommand(scene.Resources, request).ExecuteAsync(token);
            return await File.ReadAllBytesAsync(scene.DestinationPath!, CancellationToken.None);
        });
    }
}
