using S3TransferManager.Download;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>The fault matrix for OpenStream, read to its end in 64 KiB reads and then disposed: the rows of
/// <see cref="DownloadFaultCases"/> that are not about a destination file, with a part's error seen through the read
/// (<see cref="FaultCase.StreamOutcome"/>).</summary>
[Collection(FaultMatrixCollection.Name)]
public sealed class OpenStreamFaultMatrixTests(MotoServer moto)
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
    public async Task OpenStreamWithResponseAsync_Fault_ReadsRightOrThrowsItsTypedErrorAndReturnsEveryBuffer(string name)
    {
        FaultCase fault = DownloadFaultCases.All[name];
        await using FaultScene scene = await FaultScene.CreateAsync(moto, fault);
        await scene.PutObjectAsync();
        var request = new TransferUtilityOpenStreamRequest { BucketName = scene.S3.BucketName, Key = FaultScene.Key, PartSize = FaultScene.DownloadPartSize };
        request.Validate();

        await MatrixAssertions.RunAsync(scene, fault with { Outcome = fault.StreamOutcome ?? fault.Outcome }, async token =>
        {
            await using TransferUtilityOpenStreamResponse response = await new OpenStreamCommand(scene.Resources, request).ExecuteAsync(token);
            return await StreamReading.ReadAllAsync(response.ResponseStream, "65536");
        });
    }
}
