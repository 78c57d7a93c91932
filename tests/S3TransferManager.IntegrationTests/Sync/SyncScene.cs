using S3TransferManager.IntegrationTests.Directories;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Sync;

/// <summary>Which way a sync scene runs: local folder to prefix, prefix to local folder, or prefix to prefix.</summary>
public enum SyncDirection
{
    Upload,
    Download,
    Copy,
}

/// <summary>
/// A source and a destination on moto (a local folder "src"/"dst", or the prefix src/ or dst/ of one bucket), a
/// baseline tree, and the changes made to the source after a first sync: one file rewritten with new content of the
/// same size, one deleted, one renamed, one added, the rest left alone. S3 sources are written and changed by the AWS
/// CLI; local files start an hour old, as files synced long after they were written are.
/// </summary>
internal sealed class SyncScene : IAsyncDisposable
{
    public static readonly (string Key, byte[] Content)[] Baseline =
    [
        ("change.bin", TestData.Payload(1000, seed: 2)),
        ("gone.txt", TestData.Payload(200, seed: 3)),
        ("keep.txt", TestData.Payload(300, seed: 1)),
        ("nested/deep/leaf.dat", TestData.Payload(500, seed: 5)),
        ("old-name.txt", TestData.Payload(400, seed: 4)),
        ("with space/ünïcødé.txt", TestData.Payload(64, seed: 6)),
    ];

    public static readonly byte[] ChangedContent = TestData.Payload(1000, seed: 7);

    private readonly MotoServer _moto;

    private SyncScene(MotoServer moto, S3TestContext s3, SyncDirection direction)
    {
        _moto = moto;
        S3 = s3;
        Direction = direction;
    }

    public S3TestContext S3 { get; }

    public SyncDirection Direction { get; }

    public bool SourceIsLocal => Direction == SyncDirection.Upload;

    public bool DestinationIsLocal => Direction == SyncDirection.Download;

    public string SourceRoot => S3.PathFor("src");

    public string DestinationRoot => S3.PathFor("dst");

    /// <summary>The two sides as the AWS CLI names them.</summary>
    public string SourceUri => SourceIsLocal ? SourceRoot : $"s3://{S3.BucketName}/src/";

    public string DestinationUri => DestinationIsLocal ? DestinationRoot : $"s3://{S3.BucketName}/dst/";

    public static async Task<SyncScene> CreateAsync(MotoServer moto, SyncDirection direction, IEnumerable<(string Key, byte[] Content)>? files = null)
    {
        var scene = new SyncScene(moto, await S3TestContext.CreateAsync(moto), direction);
        await scene.WriteSourceAsync(files ?? Baseline);
        return scene;
    }

    public TransferUtilitySyncRequest Request()
    {
        var request = new TransferUtilitySyncRequest();
        if (SourceIsLocal)
        {
            request.SourceDirectory = SourceRoot;
        }
        else
        {
            request.SourceBucket = S3.BucketName;
            request.SourcePrefix = "src";
        }

        if (DestinationIsLocal)
        {
            request.DestinationDirectory = DestinationRoot;
        }
        else
        {
            request.DestinationBucket = S3.BucketName;
            request.DestinationPrefix = "dst";
        }

        return request;
    }

    /// <summary>Runs a sync and returns its response with "action relative-key" for every entry acted on.</summary>
    public async Task<(TransferUtilitySyncResponse Response, SortedSet<string> Actions, List<SyncObjectEventArgs> Events)> SyncAsync(
        TransferUtilitySyncRequest request, TransferUtility? utility = null)
    {
        var events = new List<SyncObjectEventArgs>();
        request.SyncObjectEvent += (_, e) =>
        {
            lock (events)
            {
                events.Add(e);
            }
        };
        using TransferUtility own = S3.CreateUtility();
        TransferUtilitySyncResponse response = await (utility ?? own).SyncWithResponseAsync(request).WaitAsync(TimeSpan.FromMinutes(2));
        return (response, [.. events.Select(e => $"{e.Action.ToString().ToLowerInvariant()} {RelativeToDestination(e.Destination)}")], events);
    }

    /// <summary>What the AWS CLI's own sync would do to the same two sides, as "action relative-key".</summary>
    public async Task<SortedSet<string>> AwsCliDryRunAsync(params string[] options)
    {
        string output = await AwsCli.RunAsync(_moto, ["s3", "sync", "--dryrun", .. options, SourceUri, DestinationUri]);
        var actions = new SortedSet<string>(StringComparer.Ordinal);
        foreach (string line in output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            // "(dryrun) upload: SRC to DST" or "(dryrun) delete: DST"
            string rest = line["(dryrun) ".Length..];
            string action = rest[..rest.IndexOf(':')];
            string target = rest[(rest.IndexOf(": ") + 2)..];
            int to = target.LastIndexOf(" to ", StringComparison.Ordinal);
            actions.Add($"{action} {RelativeToDestination(to < 0 ? target : target[(to + 4)..])}");
        }

        return actions;
    }

    public async Task WriteSourceAsync(IEnumerable<(string Key, byte[] Content)> files)
    {
        if (SourceIsLocal)
        {
            DirectoryTree.Write(SourceRoot, files);
            foreach (string path in System.IO.Directory.EnumerateFiles(SourceRoot, "*", SearchOption.AllDirectories))
            {
                File.SetLastWriteTimeUtc(path, DateTime.UtcNow.AddHours(-1));
            }

            return;
        }

        string staging = S3.PathFor("staging-" + Guid.NewGuid().ToString("N")[..8]);
        DirectoryTree.Write(staging, files);
        await AwsCli.RunAsync(_moto, "s3", "cp", "--recursive", "--only-show-errors", staging, SourceUri);
    }

    /// <summary>The changes after the first sync: change.bin rewritten (same size), gone.txt deleted, old-name.txt
    /// renamed to new-name.txt, added.txt added.</summary>
    public async Task ChangeSourceAsync()
    {
        if (SourceIsLocal)
        {
            File.WriteAllBytes(Path.Combine(SourceRoot, "change.bin"), ChangedContent);
            File.Delete(Path.Combine(SourceRoot, "gone.txt"));
            File.Move(Path.Combine(SourceRoot, "old-name.txt"), Path.Combine(SourceRoot, "new-name.txt"));
            File.WriteAllBytes(Path.Combine(SourceRoot, "added.txt"), TestData.Payload(250, seed: 8));
            return;
        }

        string staging = S3.PathFor("changes");
        DirectoryTree.Write(staging, [("change.bin", ChangedContent), ("added.txt", TestData.Payload(250, seed: 8))]);
        await AwsCli.RunAsync(_moto, "s3", "cp", "--only-show-errors", Path.Combine(staging, "change.bin"), SourceUri + "change.bin");
        await AwsCli.RunAsync(_moto, "s3", "cp", "--only-show-errors", Path.Combine(staging, "added.txt"), SourceUri + "added.txt");
        await AwsCli.RunAsync(_moto, "s3", "rm", "--only-show-errors", SourceUri + "gone.txt");
        await AwsCli.RunAsync(_moto, "s3", "mv", "--only-show-errors", SourceUri + "old-name.txt", SourceUri + "new-name.txt");
    }

    public Task<Dictionary<string, string>> ReadSourceAsync() => ReadAsync(SourceIsLocal, SourceRoot, "src/");

    public Task<Dictionary<string, string>> ReadDestinationAsync() => ReadAsync(DestinationIsLocal, DestinationRoot, "dst/");

    /// <summary>S3 records LastModified to the second: a source written in the second its copy was made would look no
    /// newer than the copy, to this library and to the AWS CLI alike. Scenes that change an S3 source wait for the next
    /// second first (at most one second, once).</summary>
    public static async Task NextSecondAsync()
    {
        DateTime now = DateTime.UtcNow;
        await Task.Delay(TimeSpan.FromMilliseconds(1050 - now.Millisecond));
    }

    public ValueTask DisposeAsync() => S3.DisposeAsync();

    private async Task<Dictionary<string, string>> ReadAsync(bool local, string root, string prefix)
    {
        if (local)
        {
            return System.IO.Directory.Exists(root) ? DirectoryTree.Read(root) : [];
        }

        Dictionary<string, string> byKey = await Boto3PrefixReader.Sha256ByKeyAsync(_moto, S3.BucketName, prefix);
        return byKey.ToDictionary(p => p.Key[prefix.Length..], p => p.Value);
    }

    private string RelativeToDestination(string location)
    {
        if (DestinationIsLocal)
        {
            string marker = Path.DirectorySeparatorChar + "dst" + Path.DirectorySeparatorChar;
            return location[(location.LastIndexOf(marker, StringComparison.Ordinal) + marker.Length)..].Replace(Path.DirectorySeparatorChar, '/');
        }

        return location[$"s3://{S3.BucketName}/dst/".Length..];
    }
}
