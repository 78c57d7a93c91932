using S3TransferManager.Sync;

namespace S3TransferManager.Tests.Sync;

public sealed class LocalTreeTests : IDisposable
{
    private readonly string _root = Path.Combine(Path.GetTempPath(), "localtree-" + Guid.NewGuid().ToString("N"));

    [Fact]
    public void Walk_FoldersAndFilesWithSeparatorNeighbours_InTheOrderS3ListsTheirKeys()
    {
        string[] files = ["ab", "a/x", "a-b", "a.txt", "a/y/z", "a0", "\uFFFD", "\U0001F600", "a/\u00E9"];
        foreach (string file in files)
        {
            string path = Path.Combine(_root, file.Replace('/', Path.DirectorySeparatorChar));
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllBytes(path, [1, 2, 3]);
        }

        string[] walked = [.. LocalTree.Walk(_root, CancellationToken.None).Select(e => e.RelativeKey)];

        Assert.Equal(files.Order(Utf8KeyOrder.Instance), walked);
        Assert.Equal(["a-b", "a.txt", "a/x", "a/y/z", "a/\u00E9", "a0", "ab", "\uFFFD", "\U0001F600"], walked);
    }

    [Fact]
    public void Walk_File_SizeTimeAndFullPath()
    {
        Directory.CreateDirectory(_root);
        string path = Path.Combine(_root, "f.bin");
        File.WriteAllBytes(path, new byte[42]);
        var time = new DateTime(2025, 5, 6, 7, 8, 9, DateTimeKind.Utc);
        File.SetLastWriteTimeUtc(path, time);

        SyncEntry entry = Assert.Single(LocalTree.Walk(_root, CancellationToken.None));

        Assert.Equal(("f.bin", path, 42L, time), (entry.RelativeKey, entry.Location, entry.Size, entry.LastModified));
    }

    public void Dispose()
    {
        if (Directory.Exists(_root))
        {
            Directory.Delete(_root, recursive: true);
        }
    }
}
