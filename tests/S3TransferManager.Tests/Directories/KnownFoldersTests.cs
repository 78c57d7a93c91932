using S3TransferManager.Directories;

namespace S3TransferManager.Tests.Directories;

public sealed class KnownFoldersTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("s3tm-folders-").FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public void Create_SameFolderTwice_MakesItOnlyTheFirstTime()
    {
        var folders = new KnownFolders();
        string folder = Path.Combine(_root, "a", "b");
        folders.Create("a/b/1", folder);
        Assert.True(Directory.Exists(folder));
        Directory.Delete(folder);

        folders.Create("a/b/2", folder);

        // Known, so not made again: a file written there later makes it itself (AtomicFileWriter).
        Assert.False(Directory.Exists(folder));
    }

    [Fact]
    public void Create_AFileWhereAFolderGoes_ThrowsLocalPathConflict()
    {
        File.WriteAllBytes(Path.Combine(_root, "a"), [1]);

        LocalPathConflictException e = Assert.Throws<LocalPathConflictException>(() => new KnownFolders().Create("a/b/1", Path.Combine(_root, "a", "b")));

        Assert.Contains("is a file", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Create_MoreFoldersThanItKeeps_ForgetsThemAndMakesAForgottenOneAgain()
    {
        var folders = new KnownFolders();
        string first = Path.Combine(_root, "f0");
        for (int i = 0; i <= 4096; i++)
        {
            folders.Create($"f{i}/x", Path.Combine(_root, $"f{i}"));
        }

        Directory.Delete(first);
        folders.Create("f0/x", first);

        Assert.True(Directory.Exists(first));
    }
}
