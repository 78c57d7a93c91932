using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Directories;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>Directory progress against moto: a big file is reported while it moves, events come one at a time in
/// order, and the last one has every file and byte.</summary>
[Collection(MotoCollection.Name)]
public sealed class DirectoryProgressTests(MotoServer moto)
{
    private const int FiveMiB = 5 * 1024 * 1024;

    [Fact]
    public async Task UploadDirectoryCommand_BigFileAmongSmallOnes_ReportsTheBigFileBeforeItCompletes()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string source = s3.PathFor("source");
        DirectoryTree.Write(source, [("big.bin", TestData.Payload(4 * FiveMiB)), .. DirectoryTree.SmallFiles(5, "small")]);
        var request = new TransferUtilityUploadDirectoryRequest
        {
            BucketName = s3.BucketName, Directory = source, SearchOption = SearchOption.AllDirectories, PartSize = FiveMiB,
        };
        var seen = new List<UploadDirectoryProgressArgs>();
        request.UploadDirectoryProgressEvent += (_, e) => seen.Add(e);
        var config = new TransferUtilityConfig { MinSizeBeforePartUpload = FiveMiB }.Validated();
        request.Validate();

        await new UploadDirectoryCommand(new TransferResources(s3.Client, config, NullLogger.Instance, timeProvider: new SteppingClock()), request)
            .ExecuteAsync(CancellationToken.None).WaitAsync(TimeSpan.FromMinutes(1));

        string big = Path.Combine(source, "big.bin");
        Assert.Contains(seen, e => e.CurrentFile == big && e.TransferredBytesForCurrentFile is > 0 and < 4 * FiveMiB
            && e.TotalNumberOfBytesForCurrentFile == 4 * FiveMiB);
    }

    [Fact]
    public async Task UploadDirectoryWithResponseAsync_ManyFiles_EventsInOrderEndingWithEveryFileAndByte()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        (string, byte[])[] files = [.. DirectoryTree.SmallFiles(40, "up")];
        DirectoryTree.Write(s3.PathFor("source"), files);
        var request = new TransferUtilityUploadDirectoryRequest
        {
            BucketName = s3.BucketName, Directory = s3.PathFor("source"), SearchOption = SearchOption.AllDirectories,
        };
        // Appended without a lock on purpose: the events are raised one at a time.
        var seen = new List<UploadDirectoryProgressArgs>();
        request.UploadDirectoryProgressEvent += (_, e) => seen.Add(e);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 8 });

        await utility.UploadDirectoryWithResponseAsync(request).WaitAsync(TimeSpan.FromMinutes(1));

        long bytes = files.Sum(f => (long)f.Item2.Length);
        Assert.Equal(40, seen.Count);
        Assert.Equal(Enumerable.Range(1, 40), seen.Select(e => e.NumberOfFilesUploaded));
        Assert.Equal(seen.Select(e => e.TransferredBytes).Order(), seen.Select(e => e.TransferredBytes));
        Assert.Equal((40, bytes, bytes), (seen[^1].TotalNumberOfFiles, seen[^1].TransferredBytes, seen[^1].TotalBytes));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_ManyObjects_EachEventNamesItsFileWithItsWholeLength()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(20, "dir"))
        {
            await s3.PutAsync(key, content);
        }

        var request = new TransferUtilityDownloadDirectoryRequest { BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy") };
        var seen = new List<DownloadDirectoryProgressArgs>();
        request.DownloadedDirectoryProgressEvent += (_, e) => seen.Add(e);
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadDirectoryWithResponseAsync(request).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(Enumerable.Range(1, 20), seen.Select(e => e.NumberOfFilesDownloaded));
        Assert.All(seen, e => Assert.Equal(new FileInfo(Path.Combine(s3.PathFor("copy"), e.CurrentFile!)).Length, e.TotalNumberOfBytesForCurrentFile));
        Assert.All(seen, e => Assert.Equal(e.TotalNumberOfBytesForCurrentFile, e.TransferredBytesForCurrentFile));
        Assert.Equal(20, seen.Select(e => e.CurrentFile).Distinct().Count());
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_NestedObject_NamesItByItsKeyBelowTheDirectory()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("dir/sub/deep/a.bin", TestData.Payload(10));
        var request = new TransferUtilityDownloadDirectoryRequest { BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy") };
        var seen = new List<string?>();
        request.DownloadedDirectoryProgressEvent += (_, e) => seen.Add(e.CurrentFile);
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadDirectoryWithResponseAsync(request).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(["sub/deep/a.bin"], seen);
    }
}
