using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Sync;

/// <summary>Checksum mode, filters and shards, in the three directions on moto.</summary>
[Collection(MotoCollection.Name)]
public sealed class SyncOptionsTests(MotoServer moto)
{
    public static TheoryData<SyncDirection> Directions => SyncMatrixTests.Directions;

    [Theory]
    [MemberData(nameof(Directions))]
    public async Task SyncWithResponseAsync_CompareChecksumsAfterASameSizeChange_ChangedFileCopiedAndTheRestLeftAfterOneHeadEach(SyncDirection direction)
    {
        await using SyncScene scene = await SyncScene.CreateAsync(moto, direction);
        await scene.SyncAsync(scene.Request());
        await SyncScene.NextSecondAsync();
        await scene.ChangeSourceAsync();
        TransferUtilitySyncRequest request = scene.Request();
        request.CompareChecksums = true;
        scene.S3.Handler.Reset();

        (TransferUtilitySyncResponse response, _, List<SyncObjectEventArgs> events) = await scene.SyncAsync(request);

        Assert.Equal(TestData.Sha256(SyncScene.ChangedContent), (await scene.ReadDestinationAsync())["change.bin"]);
        Assert.Equal(SyncReason.ChecksumDiffers, Assert.Single(events, e => e.Destination.EndsWith("change.bin", StringComparison.Ordinal)).Reason);
        // change.bin, keep.txt, leaf.dat and ünïcødé.txt are the same size on both sides: one HEAD per object compared.
        int heads = scene.S3.Handler.Requests.Count(r => r.Method == "HEAD");
        Assert.Equal(direction == SyncDirection.Copy ? 8 : 4, heads);
        Assert.Equal((3L, 0L), (response.ObjectsUnchanged, response.ObjectsNotComparable));
    }

    [Theory]
    [MemberData(nameof(Directions))]
    public async Task SyncWithResponseAsync_CompareChecksumsIdenticalDataWithANewTime_SkippedWhereTheDefaultRuleCopies(SyncDirection direction)
    {
        await using SyncScene scene = await SyncScene.CreateAsync(moto, direction);
        await scene.SyncAsync(scene.Request());
        await TouchKeepAsync(scene);
        TransferUtilitySyncRequest byTime = scene.Request();
        byTime.DryRun = true;
        TransferUtilitySyncRequest byChecksum = scene.Request();
        byChecksum.CompareChecksums = true;

        (_, SortedSet<string> timeActions, _) = await scene.SyncAsync(byTime);
        (TransferUtilitySyncResponse response, SortedSet<string> checksumActions, _) = await scene.SyncAsync(byChecksum);

        Assert.Equal([$"{direction.ToString().ToLowerInvariant()} keep.txt"], timeActions);
        Assert.Empty(checksumActions);
        Assert.Equal(6L, response.ObjectsUnchanged);
    }

    [Fact]
    public async Task SyncWithResponseAsync_DownloadOverAnOlderSameSizedFile_OnlyExactTimestampsDownloadsItAsTheAwsCliDoes()
    {
        await using SyncScene scene = await SyncScene.CreateAsync(moto, SyncDirection.Download);
        await scene.SyncAsync(scene.Request());
        File.SetLastWriteTimeUtc(Path.Combine(scene.DestinationRoot, "keep.txt"), DateTime.UtcNow.AddDays(-1));
        SortedSet<string> awsCliDefault = await scene.AwsCliDryRunAsync();
        SortedSet<string> awsCliExact = await scene.AwsCliDryRunAsync("--exact-timestamps");
        TransferUtilitySyncRequest byDefault = scene.Request();
        byDefault.DryRun = true;
        TransferUtilitySyncRequest exact = scene.Request();
        exact.DryRun = true;
        exact.ExactTimestamps = true;

        (_, SortedSet<string> defaultActions, _) = await scene.SyncAsync(byDefault);
        (_, SortedSet<string> exactActions, List<SyncObjectEventArgs> events) = await scene.SyncAsync(exact);

        Assert.Empty(defaultActions);
        Assert.Equal(["download keep.txt"], exactActions);
        Assert.Equal(SyncReason.TimestampsDiffer, Assert.Single(events).Reason);
        Assert.Equal(awsCliDefault, defaultActions);
        Assert.Equal(awsCliExact, exactActions);
    }

    [Theory]
    [MemberData(nameof(Directions))]
    public async Task SyncWithResponseAsync_ExcludeThenInclude_SameEntriesAsTheAwsCliAndExcludedDestinationEntriesNotDeleted(SyncDirection direction)
    {
        await using SyncScene scene = await SyncScene.CreateAsync(moto, direction);
        await scene.SyncAsync(scene.Request());
        await SyncScene.NextSecondAsync();
        await scene.ChangeSourceAsync();
        string[] options = ["--delete", "--exclude", "*.txt", "--include", "new-*", "--exclude", "nested/*"];
        SortedSet<string> awsCli = await scene.AwsCliDryRunAsync(options);
        TransferUtilitySyncRequest request = scene.Request();
        request.Delete = true;
        request.Filters.Add(SyncFilterRule.Exclude("*.txt"));
        request.Filters.Add(SyncFilterRule.Include("new-*"));
        request.Filters.Add(SyncFilterRule.Exclude("nested/*"));

        (_, SortedSet<string> actions, _) = await scene.SyncAsync(request);

        Assert.Equal(awsCli, actions);
        Assert.Contains($"{direction.ToString().ToLowerInvariant()} new-name.txt", actions);
        Dictionary<string, string> destination = await scene.ReadDestinationAsync();
        Assert.Contains("gone.txt", destination.Keys);
        Assert.DoesNotContain("added.txt", destination.Keys);
    }

    [Theory]
    [MemberData(nameof(Directions))]
    public async Task SyncWithResponseAsync_ThreeShards_TogetherCopyEveryEntryExactlyOnce(SyncDirection direction)
    {
        (string, byte[])[] files = [.. Enumerable.Range(0, 40).Select(i => ($"d{i % 4}/f{i:D3}.bin", TestData.Payload(50 + i, seed: i)))];
        await using SyncScene scene = await SyncScene.CreateAsync(moto, direction, files);
        var handled = new List<string>();

        for (int shard = 0; shard < 3; shard++)
        {
            TransferUtilitySyncRequest request = scene.Request();
            request.ShardIndex = shard;
            request.ShardCount = 3;
            (_, SortedSet<string> actions, _) = await scene.SyncAsync(request);
            Assert.InRange(actions.Count, 1, 39);
            handled.AddRange(actions);
        }

        Assert.Equal(40, handled.Count);
        Assert.Equal(40, handled.Distinct().Count());
        Assert.Equal(await scene.ReadSourceAsync(), await scene.ReadDestinationAsync());
    }

    /// <summary>Gives keep.txt a newer time without changing its bytes: the local file for uploads and downloads, a
    /// rewrite of the same bytes by the AWS CLI for S3 to S3.</summary>
    private static async Task TouchKeepAsync(SyncScene scene)
    {
        if (scene.Direction == SyncDirection.Copy)
        {
            await SyncScene.NextSecondAsync();
            await scene.WriteSourceAsync([SyncScene.Baseline.Single(f => f.Key == "keep.txt")]);
            return;
        }

        string root = scene.Direction == SyncDirection.Upload ? scene.SourceRoot : scene.DestinationRoot;
        File.SetLastWriteTimeUtc(Path.Combine(root, "keep.txt"), DateTime.UtcNow.AddMinutes(1));
    }
}
