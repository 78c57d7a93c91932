using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

[Collection(MotoCollection.Name)]
public sealed class SyncCommandTests(MotoServer moto) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-sync-").FullName;

    [Fact]
    public async Task Sync_FolderToPrefix_OneUploadLinePerFileAsTheAwsCliPrintsThemAndNothingTheSecondTime()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string source = WriteTree("a.txt", "sub/b.bin");

        CliRun first = await CliRun.RunAsync(bucket.Args("sync", source, $"s3://{bucket.Name}/p"));
        CliRun second = await CliRun.RunAsync(bucket.Args("sync", source, $"s3://{bucket.Name}/p"));

        string shown = Path.GetRelativePath(Environment.CurrentDirectory, source).Replace(Path.DirectorySeparatorChar, '/');
        Assert.Equal((0, 0), (first.ExitCode, second.ExitCode));
        Assert.Equal(
            [$"upload: {shown}/a.txt to s3://{bucket.Name}/p/a.txt", $"upload: {shown}/sub/b.bin to s3://{bucket.Name}/p/sub/b.bin"],
            Lines(first).Order(StringComparer.Ordinal));
        Assert.Empty(Lines(second));
    }

    [Fact]
    public async Task Sync_DryRunWithDelete_PrintsDryrunLinesAndChangesNothing()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string source = WriteTree("a.txt");
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "p/extra.txt", ContentBody = "x" });

        CliRun run = await CliRun.RunAsync(bucket.Args("sync", "--dryrun", "--delete", source, $"s3://{bucket.Name}/p/"));

        Assert.Equal(0, run.ExitCode);
        string[] lines = Lines(run);
        Assert.Equal(2, lines.Length);
        Assert.Contains($"(dryrun) delete: s3://{bucket.Name}/p/extra.txt", lines);
        Assert.Single(lines, l => l.StartsWith("(dryrun) upload: ", StringComparison.Ordinal) && l.EndsWith($" to s3://{bucket.Name}/p/a.txt", StringComparison.Ordinal));
        ListObjectsV2Response listed = await s3.ListObjectsV2Async(new ListObjectsV2Request { BucketName = bucket.Name });
        Assert.Equal(["p/extra.txt"], listed.S3Objects!.Select(o => o.Key));
    }

    [Fact]
    public async Task Sync_ExcludeEverythingThenIncludeText_OnlyTextFilesCopiedDownAndUp()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string source = WriteTree("a.txt", "b.bin", "sub/c.txt");
        string target = Path.Combine(_folder, "down");

        CliRun up = await CliRun.RunAsync(bucket.Args("sync", source, $"s3://{bucket.Name}/p", "--exclude", "*", "--include", "*.txt"));
        CliRun down = await CliRun.RunAsync(bucket.Args("sync", $"s3://{bucket.Name}/p", target));

        Assert.Equal((0, 0), (up.ExitCode, down.ExitCode));
        Assert.Equal(["a.txt", "sub/c.txt"], Files(target));
    }

    [Fact]
    public async Task Sync_TwoShards_TogetherCopyEveryKeyOnce()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string[] names = [.. Enumerable.Range(0, 20).Select(i => $"f{i:D2}.bin")];
        string source = WriteTree(names);

        CliRun zero = await CliRun.RunAsync(bucket.Args("sync", "--shard", "0/2", source, $"s3://{bucket.Name}/p"));
        CliRun one = await CliRun.RunAsync(bucket.Args("sync", "--shard", "1/2", source, $"s3://{bucket.Name}/p"));

        Assert.Equal((0, 0), (zero.ExitCode, one.ExitCode));
        Assert.Equal(20, Lines(zero).Length + Lines(one).Length);
        Assert.Empty(Lines(zero).Intersect(Lines(one)));
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        Assert.Equal(20, (await s3.ListObjectsV2Async(new ListObjectsV2Request { BucketName = bucket.Name })).S3Objects!.Count);
    }

    [Theory]
    [InlineData("2/2")]
    [InlineData("x")]
    [InlineData("-1/3")]
    public async Task Sync_BadShard_ExitsWithTwo(string shard)
    {
        CliRun run = await CliRun.RunAsync("sync", "--shard", shard, _folder, "s3://bucket/p");

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("--shard", run.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Sync_LocalToLocal_ExitsWithTwo()
    {
        CliRun run = await CliRun.RunAsync("sync", _folder, Path.Combine(_folder, "other"));

        Assert.Equal(2, run.ExitCode);
    }

    [Fact]
    public async Task Sync_AKeyThatIsAlsoAFolder_OneDownloadFailsOnStderrAndExitsWithOne()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "p/x", ContentBody = "file" });
        await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "p/x/y", ContentBody = "under" });

        CliRun run = await CliRun.RunAsync(bucket.Args("sync", $"s3://{bucket.Name}/p", Path.Combine(_folder, "down")));

        Assert.Equal(1, run.ExitCode);
        Assert.Single(Lines(run));
        Assert.StartsWith("download failed: s3://", run.Stderr, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private static string[] Lines(CliRun run) => run.StdoutText.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);

    private static string[] Files(string root) =>
        [.. Directory.EnumerateFiles(root, "*", SearchOption.AllDirectories)
            .Select(p => Path.GetRelativePath(root, p).Replace(Path.DirectorySeparatorChar, '/')).Order(StringComparer.Ordinal)];

    private string WriteTree(params string[] names)
    {
        string root = Path.Combine(_folder, "src-" + Guid.NewGuid().ToString("N")[..6]);
        for (int i = 0; i < names.Length; i++)
        {
            string path = Path.Combine(root, names[i]);
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllBytes(path, TestData.Bytes(100 + i, seed: i));
            File.SetLastWriteTimeUtc(path, DateTime.UtcNow.AddHours(-1));
        }

        return root;
    }
}
