using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.Upload;

namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>The fault matrix for uploads from a non-seekable stream of unknown length (parts read ahead into pooled
/// chunks): every row of <see cref="UploadFaultCases"/>.</summary>
[Collection(FaultMatrixCollection.Name)]
public sealed class UploadStreamFaultMatrixTests(MotoServer moto)
{
    [Theory]
    [InlineData("create-503-once")]
    [InlineData("part-503-once")]
    [InlineData("part-500-once")]
    [InlineData("part-reset-mid-body")]
    [InlineData("part-503-always")]
    [InlineData("part-403")]
    [InlineData("complete-200-error")]
    [InlineData("complete-no-such-upload")]
    [InlineData("complete-entity-too-small")]
    [InlineData("complete-500-once")]
    [InlineData("cancel-in-create")]
    [InlineData("cancel-mid-part")]
    [InlineData("cancel-before-complete")]
    public async Task UploadWithResponseAsync_NonSeekableStreamAndFault_StoresRightOrThrowsItsTypedErrorAndLeavesNoUpload(string name)
    {
        FaultCase fault = UploadFaultCases.All[name];
        await using FaultScene scene = await FaultScene.CreateAsync(moto, fault);
        await scene.PrepareUploadAsync(asFile: false);
        var request = new TransferUtilityUploadRequest
        {
            BucketName = scene.S3.BucketName, Key = FaultScene.Key, InputStream = new NonSeekableStream(scene.Content), PartSize = FaultScene.UploadPartSize,
        };
        request.Validate();

        await MatrixAssertions.RunAsync(scene, fault, async token =>
        {
            await new UploadCommand(scene.Resources, request).ExecuteAsync(token);
            return await scene.ReadStoredAsync();
        });
    }
}
