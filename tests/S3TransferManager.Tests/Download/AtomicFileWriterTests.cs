using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Download;

namespace S3TransferManager.Tests.Download;

public sealed class AtomicFileWriterTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-atomic-").FullName;

    private string Destination => Path.Combine(_folder, "file.bin");

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void Create_Always_PutsTheTempFileBesideTheDestination()
    {
        using var writer = AtomicFileWriter.Create(Destination, 10, NullLogger.Instance);

        Assert.Equal(_folder, Path.GetDirectoryName(writer.TempPath));
        Assert.True(File.Exists(writer.TempPath));
        Assert.NotEqual(Destination, writer.TempPath);
    }

    [Fact]
    public async Task Create_FolderMissing_CreatesItAndItsParents()
    {
        string destination = Path.Combine(_folder, "a", "b", "file.bin");
        byte[] content = TestData.Bytes(20, seed: 3);
        using var writer = AtomicFileWriter.Create(destination, content.Length, NullLogger.Instance);
        writer.Write(content, 0);

        writer.Commit(flushToDisk: false);

        Assert.Equal(content, await File.ReadAllBytesAsync(destination));
        Assert.Equal(Path.Combine(_folder, "a", "b"), Path.GetDirectoryName(writer.TempPath));
    }

    [Fact]
    public void Create_AFileWhereTheFolderShouldBe_ThrowsIOExceptionAndLeavesTheFile()
    {
        File.WriteAllBytes(Path.Combine(_folder, "a"), [1, 2, 3]);

        Assert.ThrowsAny<IOException>(() => AtomicFileWriter.Create(Path.Combine(_folder, "a", "file.bin"), 10, NullLogger.Instance));

        Assert.Equal([1, 2, 3], File.ReadAllBytes(Path.Combine(_folder, "a")));
    }

    [Fact]
    public async Task Commit_DestinationExists_ReplacesIt()
    {
        await File.WriteAllBytesAsync(Destination, TestData.Bytes(50, seed: 1));
        byte[] content = TestData.Bytes(20, seed: 2);
        using var writer = AtomicFileWriter.Create(Destination, content.Length, NullLogger.Instance);
        writer.Write(content, 0);

        writer.Commit(flushToDisk: false);

        Assert.Equal(content, await File.ReadAllBytesAsync(Destination));
        Assert.False(File.Exists(writer.TempPath));
    }

    [Fact]
    public async Task Write_AtOffsetsOutOfOrder_LandsEachAtItsPlace()
    {
        byte[] content = TestData.Bytes(300);
        using var writer = AtomicFileWriter.Create(Destination, content.Length, NullLogger.Instance);

        writer.Write(content.AsSpan(200, 100), 200);
        writer.Write(content.AsSpan(0, 100), 0);
        writer.Write(content.AsSpan(100, 100), 100);
        writer.Commit(flushToDisk: true);

        Assert.Equal(content, await File.ReadAllBytesAsync(Destination));
    }

    [Fact]
    public void Dispose_WithoutCommit_DeletesTheTempFile()
    {
        var writer = AtomicFileWriter.Create(Destination, 10, NullLogger.Instance);
        writer.Write(new byte[10], 0);

        writer.Dispose();

        Assert.False(File.Exists(writer.TempPath));
        Assert.Empty(Directory.GetFileSystemEntries(_folder));
    }

    [Fact]
    public async Task Dispose_WithoutCommit_LeavesAnExistingDestinationUntouched()
    {
        byte[] existing = TestData.Bytes(50, seed: 1);
        await File.WriteAllBytesAsync(Destination, existing);
        var writer = AtomicFileWriter.Create(Destination, 20, NullLogger.Instance);
        writer.Write(TestData.Bytes(20, seed: 2), 0);

        writer.Dispose();

        Assert.Equal(existing, await File.ReadAllBytesAsync(Destination));
        Assert.Equal([Destination], Directory.GetFileSystemEntries(_folder));
    }

    [Fact]
    public void Dispose_AfterCommit_KeepsTheDestination()
    {
        var writer = AtomicFileWriter.Create(Destination, 0, NullLogger.Instance);
        writer.Commit(flushToDisk: false);

        writer.Dispose();

        Assert.True(File.Exists(Destination));
    }
}
