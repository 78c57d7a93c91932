using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Sync;

/// <summary>Sync in the three directions on moto, on trees the AWS CLI wrote, its decisions checked against the AWS
/// CLI's own <c>aws s3 sync --dryrun</c> on the same two sides.</summary>
[Collection(MotoCollection.Name)]
public sealed class SyncMatrixTests(MotoServer moto)
{
    public static TheoryData<SyncDirection> Directions => [SyncDirection.Upload, SyncDirection.Download, SyncDirection.Copy];

    [Theory]
    [MemberData(nameof(Directions))]
    public async Task SyncWithResponseAsync_EmptyDestination_EveryEntryCopiedAndASecondSyncFindsNothingToDo(SyncDirection direction)
    {
        await using SyncScene scene = await SyncScene.CreateAsync(moto, direction);

        (TransferUtilitySyncResponse first, _, _) = await scene.SyncAsync(scene.Request());
        (TransferUtilitySyncResponse second, SortedSet<string> again, _) = await scene.SyncAsync(scene.Request());

        Assert.Equal(await scene.ReadSourceAsync(), await scene.ReadDestinationAsync());
        Assert.Equal((6L, 0L, 0L, DirectoryResult.Success), (first.ObjectsTransferred, first.ObjectsUnchanged, first.ObjectsFailed, first.Result));
        Assert.Empty(again);
        Assert.Equal((0L, 6L), (second.ObjectsTransferred, second.ObjectsUnchanged));
    }

    [Theory]
    [MemberData(nameof(Directions))]
    public async Task SyncWithResponseAsync_DryRunAfterChanges_ReportsWhatTheAwsCliWouldDoAndChangesNothing(SyncDirection direction)
    {
        await using SyncScene scene = await SyncScene.CreateAsync(moto, direction);
        await scene.SyncAsync(scene.Request());
        await SyncScene.NextSecondAsync();
        await scene.ChangeSourceAsync();
        Dictionary<string, string> before = await scene.ReadDestinationAsync();
        TransferUtilitySyncRequest request = scene.Request();
        request.DryRun = true;
        request.Delete = true;

        (TransferUtilitySyncResponse response, SortedSet<string> actions, List<SyncObjectEventArgs> events) = await scene.SyncAsync(request);

        string verb = direction.ToString().ToLowerInvariant();
        // Downloads leave a same-sized object alone unless the local file is newer, as the AWS CLI does: change.bin's
        // new content is not fetched (checksum mode is what catches it).
        string[] expected = direction == SyncDirection.Download
            ? [$"{verb} added.txt", $"{verb} new-name.txt", "delete gone.txt", "delete old-name.txt"]
            : [$"{verb} added.txt", $"{verb} change.bin", $"{verb} new-name.txt", "delete gone.txt", "delete old-name.txt"];
        Assert.Equal(expected.Order(StringComparer.Ordinal), actions);
        Assert.Equal(await scene.AwsCliDryRunAsync("--delete"), actions);
        Assert.All(events, e => Assert.True(e.DryRun));
        Assert.Equal(before, await scene.ReadDestinationAsync());
        Assert.Equal((expected.Length - 2L, 2L), (response.ObjectsTransferred, response.ObjectsDeleted));
    }

    [Theory]
    [MemberData(nameof(Directions))]
    public async Task SyncWithResponseAsync_DeleteAfterChanges_DestinationHoldsWhatTheSourceHolds(SyncDirection direction)
    {
        await using SyncScene scene = await SyncScene.CreateAsync(moto, direction);
        await scene.SyncAsync(scene.Request());
        await SyncScene.NextSecondAsync();
        await scene.ChangeSourceAsync();
        TransferUtilitySyncRequest request = scene.Request();
        request.Delete = true;

        (TransferUtilitySyncResponse response, _, List<SyncObjectEventArgs> events) = await scene.SyncAsync(request);

        Dictionary<string, string> expected = await scene.ReadSourceAsync();
        if (direction == SyncDirection.Download)
        {
            expected["change.bin"] = TestData.Sha256(SyncScene.Baseline.Single(f => f.Key == "change.bin").Content);
        }

        Assert.Equal(expected.OrderBy(p => p.Key), (await scene.ReadDestinationAsync()).OrderBy(p => p.Key));
        Assert.Equal(2L, response.ObjectsDeleted);
        Assert.All(events, e => Assert.False(e.DryRun));
        Assert.Contains(events, e => e.Action == SyncAction.Delete && e.Reason == SyncReason.MissingAtSource);
    }

    [Theory]
    [MemberData(nameof(Directions))]
    public async Task SyncWithResponseAsync_NoDeleteAfterChanges_DeletedAndRenamedEntriesStayAtTheDestination(SyncDirection direction)
    {
        await using SyncScene scene = await SyncScene.CreateAsync(moto, direction);
        await scene.SyncAsync(scene.Request());
        await SyncScene.NextSecondAsync();
        await scene.ChangeSourceAsync();
        SortedSet<string> awsCli = await scene.AwsCliDryRunAsync();

        (TransferUtilitySyncResponse response, SortedSet<string> actions, _) = await scene.SyncAsync(scene.Request());

        Dictionary<string, string> destination = await scene.ReadDestinationAsync();
        Assert.Equal(awsCli, actions);
        Assert.Contains("gone.txt", destination.Keys);
        Assert.Contains("old-name.txt", destination.Keys);
        Assert.Equal((await scene.ReadSourceAsync())["new-name.txt"], destination["new-name.txt"]);
        Assert.Equal(0L, response.ObjectsDeleted);
    }
}
