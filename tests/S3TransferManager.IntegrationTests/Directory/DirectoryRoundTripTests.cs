using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

[Collection(MotoCollection.Name)]
public sealed class DirectoryRoundTripTests(MotoServer moto)
{
    private const long FiveMiB = 5L * 1024 * 1024;

    [Fact]
    public async Task UploadThenDownloadDirectory_MixedTree_RoundTripsByteExact()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string source = s3.PathFor("source");
        Dictionary<string, string> expected = DirectoryTree.Write(source,
        [
            ("empty.bin", []),
            ("one.bin", [42]),
            ("nested/deeper/still/leaf.txt", TestData.Payload(4321)),
            ("with space/file name.txt", TestData.Payload(777, seed: 3)),
            ("ünïcødé/日本語.dat", TestData.Payload(2048, seed: 4)),
            ("big/multipart.bin", TestData.Payload((int)(2 * FiveMiB) + 12345, seed: 5)),
            .. DirectoryTree.SmallFiles(300),
        ]);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = FiveMiB });

        var upload = new TransferUtilityUploadDirectoryRequest
        {
            BucketName = s3.BucketName, Directory = source, KeyPrefix = "tree/", SearchOption = SearchOption.AllDirectories,
            PartSize = FiveMiB,
        };
        TransferUtilityUploadDirectoryResponse uploaded = await utility.UploadDirectoryWithResponseAsync(upload)
            .WaitAsync(TimeSpan.FromMinutes(3));
        Dictionary<string, string> readByBoto3 = await Boto3PrefixReader.Sha256ByKeyAsync(moto, s3.BucketName, "tree/");
        TransferUtilityDownloadDirectoryResponse downloaded = await utility.DownloadDirectoryWithResponseAsync(
            s3.BucketName, "tree", s3.PathFor("copy")).WaitAsync(TimeSpan.FromMinutes(3));

        Assert.Equal(expected.Count, uploaded.ObjectsUploaded);
        Assert.Equal(expected.OrderBy(p => p.Key), readByBoto3.Select(p => KeyValuePair.Create(p.Key["tree/".Length..], p.Value)).OrderBy(p => p.Key));
        Assert.Equal(expected.Count, downloaded.ObjectsDownloaded);
        Assert.Equal(expected.OrderBy(p => p.Key), DirectoryTree.Read(s3.PathFor("copy")).OrderBy(p => p.Key));
    }

    [Fact]
    public async Task DownloadDirectoryAsync_SmallObjects_OneGetEachOneListNoHead()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(300, "dir"))
        {
            await s3.PutAsync(key, content);
        }

        using TransferUtility utility = s3.CreateUtility();
        s3.Handler.Reset();

        await utility.DownloadDirectoryAsync(s3.BucketName, "dir", s3.PathFor("copy")).WaitAsync(TimeSpan.FromMinutes(2));

        IReadOnlyList<RequestRecord> requests = s3.Handler.Requests;
        Assert.Equal(1, requests.Count(r => r.IsGet && r.HasQuery("list-type")));
        Assert.Equal(300, requests.Count(r => r.IsGet && !r.HasQuery("list-type")));
        Assert.Equal(0, requests.Count(r => r.Method == "HEAD"));
        Assert.Equal(300, System.IO.Directory.GetFiles(s3.PathFor("copy")).Length);
    }

    [Fact]
    public async Task DownloadDirectoryAsync_FolderMarker_CreatesTheFolder()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("dir/empty-folder/", []);

        using TransferUtility utility = s3.CreateUtility();
        await utility.DownloadDirectoryAsync(s3.BucketName, "dir", s3.PathFor("copy")).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.True(System.IO.Directory.Exists(Path.Combine(s3.PathFor("copy"), "empty-folder")));
        Assert.Empty(System.IO.Directory.GetFiles(s3.PathFor("copy"), "*", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_ProgressEvents_ReachEveryObjectAndByte()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        long total = 0;
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(20, "dir"))
        {
            await s3.PutAsync(key, content);
            total += content.Length;
        }

        using TransferUtility utility = s3.CreateUtility();
        var seen = new List<DownloadDirectoryProgressArgs>();
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy"),
        };
        request.DownloadedDirectoryProgressEvent += (_, e) => { lock (seen) { seen.Add(e); } };

        await utility.DownloadDirectoryWithResponseAsync(request).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(20, seen.Count);
        Assert.Equal(20, seen.Max(e => e.NumberOfFilesDownloaded));
        Assert.Equal(total, seen.Max(e => e.TransferredBytes));
    }

    [Fact]
    public async Task DownloadDirectoryAsync_SiblingWithTheSamePrefix_IsNotDownloaded()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("logs/a.txt", [1]);
        await s3.PutAsync("logs2/b.txt", [2]);
        await s3.PutAsync("logs.txt", [3]);

        using TransferUtility utility = s3.CreateUtility();
        await utility.DownloadDirectoryAsync(s3.BucketName, "logs", s3.PathFor("copy")).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(["a.txt"], DirectoryTree.Read(s3.PathFor("copy")).Keys);
    }
}
