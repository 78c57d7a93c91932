using System.Collections.Concurrent;
using System.Text;
using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Directories;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>
/// Keys written by the AWS SDK's client that meet on the local disk: a prefix's characters shared without its folder,
/// case-only differences, a file and a folder of one name. Each object holds its own key as its bytes, so a file holding
/// another key's bytes would show an overwrite. No file is ever written by two keys: the key listed second fails with
/// <see cref="LocalPathConflictException"/> and writes nothing.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class DirectoryKeyCollisionTests(MotoServer moto)
{
    // In the order S3 lists them.
    private static readonly string[] Keys =
    [
        "2026-11-25/0file.txt", "2026-11-25/1file.txt", "2026-11-25/CASE.TXT", "2026-11-25/Case.txt",
        "2026-11-25/a/b", "2026-11-25/a/b/", "2026-11-25/a/b/c", "2026-11-25/case.txt",
        "2026-11-250file.txt", "2026-11-251file.txt",
    ];

    public static TheoryData<string, bool, bool> Requests => new()
    {
        { "2026-11-25", false, false }, { "2026-11-25", true, false }, { "2026-11-25/", false, false }, { "2026-11-25/", true, false },
        { "2026-11-25", false, true }, { "2026-11-25", true, true }, { "2026-11-25/", false, true }, { "2026-11-25/", true, true },
    };

    [Theory]
    [MemberData(nameof(Requests))]
    public async Task DownloadDirectoryWithResponseAsync_KeysThatMeetLocally_NoFileWrittenTwiceAndTheSecondKeyFailsTyped(
        string s3Directory, bool disableSlashCorrection, bool ignoreCase)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        foreach (string key in Keys)
        {
            await s3.PutAsync(key, Encoding.UTF8.GetBytes(key));
        }

        string local = s3.PathFor("out");
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = s3Directory, DisableSlashCorrection = disableSlashCorrection,
            LocalDirectory = local, FailurePolicy = FailurePolicy.ContinueOnFailure,
        };
        var failed = new ConcurrentDictionary<string, Exception>();
        request.ObjectDownloadFailedEvent += (_, e) => failed[e.ObjectRequest.Key!] = e.Exception;

        TransferUtilityDownloadDirectoryResponse response = await DownloadAsync(s3, request, ignoreCase);

        // The AWS SDK's mapping: a prefix used as given, without a trailing '/', keeps what follows its last '/'.
        string cut = disableSlashCorrection && !s3Directory.EndsWith('/') ? "" : "2026-11-25/";
        string[] listed = [.. Keys.Where(k => k.StartsWith(disableSlashCorrection ? s3Directory : "2026-11-25/", StringComparison.Ordinal))];
        // Second of a file and a folder of one name: "a/b/" and "a/b/c" after the file "a/b"; second of three names
        // that differ only by case where case is ignored.
        string[] refused = [.. listed.Where(k => k.EndsWith("a/b/", StringComparison.Ordinal) || k.EndsWith("a/b/c", StringComparison.Ordinal)
            || (ignoreCase && (k.EndsWith("/Case.txt", StringComparison.Ordinal) || k.EndsWith("/case.txt", StringComparison.Ordinal))))];
        Assert.Equal(refused.Order(StringComparer.Ordinal), failed.Keys.Order(StringComparer.Ordinal));
        Assert.All(failed, f => Assert.Equal(f.Key, Assert.IsType<LocalPathConflictException>(f.Value).Key));
        Assert.Equal((listed.Length - refused.Length, refused.Length), (response.ObjectsDownloaded, response.ObjectsFailed));
        // Every file on disk is one key's, at that key's path, holding that key's bytes: nothing was overwritten.
        string[] written = [.. listed.Except(refused).Where(k => !k.EndsWith('/'))];
        Assert.Equal(written.Select(k => Path.Combine([local, .. k[cut.Length..].Split('/')])).Order(StringComparer.Ordinal),
            Directory.GetFiles(local, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal));
        Assert.All(written, k => Assert.Equal(k, File.ReadAllText(Path.Combine([local, .. k[cut.Length..].Split('/')]))));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_HandlerSendsTwoKeysToOneFile_SecondFailsAndTheFirstIsKept()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("d/x/report.csv", "first"u8.ToArray());
        await s3.PutAsync("d/y/report.csv", "second"u8.ToArray());
        string local = s3.PathFor("out");
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "d", LocalDirectory = local, FailurePolicy = FailurePolicy.ContinueOnFailure,
        };
        // A handler that flattens the tree: both keys ask for out/report.csv. The first to ask keeps it.
        request.DownloadDirectoryFileRequestEvent += (_, e) => e.DownloadRequest.FilePath = Path.Combine(local, "report.csv");
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 1 });

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(request).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal((1L, 1L), (response.ObjectsDownloaded, response.ObjectsFailed));
        LocalPathConflictException error = Assert.IsType<LocalPathConflictException>(Assert.Single(response.Errors));
        string kept = File.ReadAllText(Path.Combine(local, "report.csv"));
        Assert.Equal(error.Key == "d/y/report.csv" ? "first" : "second", kept);
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_LocalFileWhereAKeyNeedsAFolder_FailsTypedAndKeepsTheFile()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("d/a/x", "object"u8.ToArray());
        string local = s3.PathFor("out");
        Directory.CreateDirectory(local);
        await File.WriteAllTextAsync(Path.Combine(local, "a"), "local");
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "d", LocalDirectory = local, FailurePolicy = FailurePolicy.ContinueOnFailure,
        }).WaitAsync(TimeSpan.FromMinutes(1));

        LocalPathConflictException error = Assert.IsType<LocalPathConflictException>(Assert.Single(response.Errors));
        Assert.Equal((Path.Combine(local, "a"), "d/a/x"), (error.LocalPath, error.Key));
        Assert.Equal("local", await File.ReadAllTextAsync(Path.Combine(local, "a")));
    }

    /// <summary>Through the public API on this machine's file system, which compares names exactly; through the command
    /// with a case-ignoring comparison to check what a Windows or macOS disk would see.</summary>
    private static async Task<TransferUtilityDownloadDirectoryResponse> DownloadAsync(S3TestContext s3,
        TransferUtilityDownloadDirectoryRequest request, bool ignoreCase)
    {
        if (!ignoreCase)
        {
            using TransferUtility utility = s3.CreateUtility();
            return await utility.DownloadDirectoryWithResponseAsync(request).WaitAsync(TimeSpan.FromMinutes(1));
        }

        request.Validate();
        var resources = new TransferResources(s3.Client, new TransferUtilityConfig().Validated(), NullLogger.Instance);
        return await new DownloadDirectoryCommand(resources, request, new NameFolding(IgnoresCase: true, IgnoresNormalization: false))
            .ExecuteAsync(CancellationToken.None).WaitAsync(TimeSpan.FromMinutes(1));
    }
}
