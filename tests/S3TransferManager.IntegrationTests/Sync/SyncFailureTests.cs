using System.Net;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Sync;

[Collection(MotoCollection.Name)]
public sealed class SyncFailureTests(MotoServer moto)
{
    [Fact]
    public async Task SyncWithResponseAsync_ContinueOnFailureOneUploadRefused_OthersSyncedFailureEventedAndInTheResponse()
    {
        await using SyncScene scene = await SyncScene.CreateAsync(moto, SyncDirection.Upload);
        scene.S3.Handler.FaultRule = r => r.Method == "PUT" && r.Uri.AbsolutePath.EndsWith("/dst/keep.txt", StringComparison.Ordinal)
            ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied")
            : null;
        TransferUtilitySyncRequest request = scene.Request();
        request.FailurePolicy = FailurePolicy.ContinueOnFailure;
        var failed = new List<SyncObjectEventArgs>();
        request.SyncObjectFailedEvent += (_, e) => failed.Add(e);

        (TransferUtilitySyncResponse response, _, _) = await scene.SyncAsync(request);

        Assert.Equal((5L, 1L, DirectoryResult.PartialSuccess), (response.ObjectsTransferred, response.ObjectsFailed, response.Result));
        SyncObjectEventArgs failure = Assert.Single(failed);
        Assert.EndsWith("/dst/keep.txt", failure.Destination, StringComparison.Ordinal);
        Assert.IsType<Amazon.S3.AmazonS3Exception>(failure.Exception);
        Assert.DoesNotContain("keep.txt", (await scene.ReadDestinationAsync()).Keys);
    }

    [Fact]
    public async Task SyncWithResponseAsync_AbortOnFailure_ThrowsTheFirstError()
    {
        await using SyncScene scene = await SyncScene.CreateAsync(moto, SyncDirection.Copy);
        scene.S3.Handler.FaultRule = r => r.Header("x-amz-copy-source") is not null && r.Uri.AbsolutePath.EndsWith("/dst/keep.txt", StringComparison.Ordinal)
            ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied")
            : null;

        await Assert.ThrowsAsync<Amazon.S3.AmazonS3Exception>(() => scene.SyncAsync(scene.Request()));
    }
}
