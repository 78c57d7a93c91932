using System.Net;
using S3TransferManager.IntegrationTests.Directories;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Sync;

/// <summary><c>Delete</c> of objects against moto: objects the AWS CLI wrote are deleted with DeleteObjects batches of at
/// most 1,000 keys, never one DeleteObject each.</summary>
[Collection(MotoCollection.Name)]
public sealed class SyncDeleteTests(MotoServer moto)
{
    private const int Extra = 1001;

    [Fact]
    public async Task SyncWithResponseAsync_1001ObjectsMissingAtSource_DeletedWithTwoDeleteObjectsRequests()
    {
        await using SyncScene scene = await SceneWithExtraObjectsAsync();

        (TransferUtilitySyncResponse response, SortedSet<string> actions, _) = await scene.SyncAsync(Request(scene));

        Assert.Equal((1L, (long)Extra), (response.ObjectsTransferred, response.ObjectsDeleted));
        Assert.Equal(Extra + 1, actions.Count);
        Assert.Equal(["keep.txt"], (await scene.ReadDestinationAsync()).Keys);
        IReadOnlyList<RequestRecord> requests = scene.S3.Handler.Requests;
        Assert.Equal(2, requests.Count(r => r.Method == "POST" && r.HasQuery("delete")));
        Assert.DoesNotContain(requests, r => r.Method == "DELETE");
    }

    [Fact]
    public async Task SyncWithResponseAsync_DeleteObjectsRefusedUnderContinueOnFailure_EveryKeyOfTheBatchFailedAndKept()
    {
        await using SyncScene scene = await SceneWithExtraObjectsAsync();
        scene.S3.Handler.FaultRule = r => r.Method == "POST" && r.HasQuery("delete") ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied") : null;
        TransferUtilitySyncRequest request = Request(scene);
        request.FailurePolicy = FailurePolicy.ContinueOnFailure;
        int failedEvents = 0;
        request.SyncObjectFailedEvent += (_, e) => Interlocked.Increment(ref failedEvents);

        (TransferUtilitySyncResponse response, _, _) = await scene.SyncAsync(request);

        Assert.Equal((1L, 0L, (long)Extra, Extra), (response.ObjectsTransferred, response.ObjectsDeleted, response.ObjectsFailed, failedEvents));
        Assert.Equal(1000, response.Errors.Count); // the first 1,000 errors are kept; every failure is counted
        Assert.All(response.Errors, e => Assert.Equal("AccessDenied", Assert.IsType<Amazon.S3.AmazonS3Exception>(e).ErrorCode));
        Assert.Equal(Extra + 1, (await scene.ReadDestinationAsync()).Count);
    }

    /// <summary>A local source holding keep.txt, and a destination prefix holding keep.txt's name's neighbours: 1,001
    /// objects the AWS CLI wrote that the source does not have.</summary>
    private async Task<SyncScene> SceneWithExtraObjectsAsync()
    {
        SyncScene scene = await SyncScene.CreateAsync(moto, SyncDirection.Upload, [("keep.txt", TestData.Payload(300, seed: 1))]);
        string staging = scene.S3.PathFor("extra");
        DirectoryTree.Write(staging, Enumerable.Range(0, Extra).Select(i => ($"old/{i:D4}.txt", TestData.Payload(16, seed: i))));
        await AwsCli.RunAsync(moto, "s3", "cp", "--recursive", "--only-show-errors", staging, scene.DestinationUri);
        scene.S3.Handler.Reset();
        return scene;
    }

    private static TransferUtilitySyncRequest Request(SyncScene scene)
    {
        TransferUtilitySyncRequest request = scene.Request();
        request.Delete = true;
        return request;
    }
}
