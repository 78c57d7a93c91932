using System.Text;
using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace CompatScenarios;

// Where a directory download puts each key, as an app written for Amazon.S3.Transfer expects it; see UploadScenarios.
// Each object holds its own key as its bytes, so a file holding another key's bytes would show an overwrite.
[Collection(CompatMotoCollection.Name)]
public sealed class DirectoryMappingScenarios(MotoServer moto)
{
    private static readonly string[] Keys =
        ["2026-11-25/0file.txt", "2026-11-25/1file.txt", "2026-11-25/sub/2file.txt", "2026-11-250file.txt", "2026-11-251file.txt"];

    [Theory]
    // Used as given, a prefix without a trailing '/' keeps everything after its last '/': the keys that only share its
    // characters land beside its folder, not on top of its files.
    [InlineData("2026-11-25", true, "", "2026-11-25/0file.txt|2026-11-25/1file.txt|2026-11-25/sub/2file.txt|2026-11-250file.txt|2026-11-251file.txt")]
    [InlineData("logs/2026-11-25", true, "logs/", "2026-11-25/0file.txt|2026-11-25/1file.txt|2026-11-25/sub/2file.txt|2026-11-250file.txt|2026-11-251file.txt")]
    // Corrected (the default), or given with its '/': the folder's own keys, relative to it.
    [InlineData("2026-11-25", false, "", "0file.txt|1file.txt|sub/2file.txt")]
    [InlineData("2026-11-25/", true, "", "0file.txt|1file.txt|sub/2file.txt")]
    [InlineData("/logs/2026-11-25", false, "logs/", "0file.txt|1file.txt|sub/2file.txt")]
    public async Task DownloadDirectoryAsync_PrefixAndSlashCorrection_EachKeyInItsOwnFile(string s3Directory, bool disableSlashCorrection,
        string keyPrefix, string expectedFiles)
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        foreach (string key in Keys)
        {
            await bucket.Client.PutObjectAsync(new PutObjectRequest
            {
                BucketName = bucket.Name, Key = keyPrefix + key, ContentBody = keyPrefix + key,
            });
        }

        using var transferUtility = new TransferUtility(bucket.Client);
        string local = bucket.PathFor("out");

        await transferUtility.DownloadDirectoryAsync(new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = bucket.Name, S3Directory = s3Directory, DisableSlashCorrection = disableSlashCorrection, LocalDirectory = local,
        });

        string[] files = [.. Directory.GetFiles(local, "*", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(local, f).Replace(Path.DirectorySeparatorChar, '/')).Order(StringComparer.Ordinal)];
        Assert.Equal(expectedFiles.Split('|'), files);
        Assert.All(files, f => Assert.EndsWith(f, File.ReadAllText(Path.Combine(local, f), Encoding.UTF8), StringComparison.Ordinal));
    }
}
