using System.Runtime.CompilerServices;
using S3TransferManager.Directories;

namespace S3TransferManager.Tests.Directories;

public sealed class DirectoryProgressTests
{
    private readonly List<UploadDirectoryProgressArgs> _raised = [];

    private DirectoryProgress<UploadDirectoryProgressArgs> Create() => new(
        static (done, found, moved, foundBytes, file, fileMoved, fileLength) =>
            new UploadDirectoryProgressArgs(done, found, moved, foundBytes, file, fileMoved, fileLength),
        _raised.Add);

    [Fact]
    public void Moved_PartOfAFile_RaisesTheFileAndTheSumOfAllFiles()
    {
        DirectoryProgress<UploadDirectoryProgressArgs> progress = Create();
        progress.Found(100);
        progress.Found(50);
        StrongBox<long> a = DirectoryProgress<UploadDirectoryProgressArgs>.StartFile();
        StrongBox<long> b = DirectoryProgress<UploadDirectoryProgressArgs>.StartFile();

        progress.Moved(a, "a", 30, 100);
        progress.Moved(b, "b", 20, 50);
        progress.Moved(a, "a", 60, 100);

        UploadDirectoryProgressArgs last = _raised[^1];
        Assert.Equal((0, 2, 80L, 150L, "a", 60L, 100L), (last.NumberOfFilesUploaded, last.TotalNumberOfFiles, last.TransferredBytes,
            last.TotalBytes, last.CurrentFile, last.TransferredBytesForCurrentFile, last.TotalNumberOfBytesForCurrentFile));
    }

    [Fact]
    public void Counted_ThenFoundAgainByTheEnumeration_TotalsStayTheCountedOnesFromTheFirstEvent()
    {
        DirectoryProgress<UploadDirectoryProgressArgs> progress = Create();
        progress.Counted(2, 150);
        StrongBox<long> a = DirectoryProgress<UploadDirectoryProgressArgs>.StartFile();

        progress.Moved(a, "a", 30, 100);
        progress.Found(100);
        progress.Found(50);

        Assert.Equal((2, 150L), (_raised[0].TotalNumberOfFiles, _raised[0].TotalBytes));
        Assert.Equal((2L, 150L), (progress.TotalFiles, progress.TotalBytes));
    }

    [Fact]
    public void Moved_FilesNotNamed_RaisesNoFileAndNoFileBytes()
    {
        var progress = new DirectoryProgress<UploadDirectoryProgressArgs>(
            static (done, found, moved, foundBytes, file, fileMoved, fileLength) =>
                new UploadDirectoryProgressArgs(done, found, moved, foundBytes, file, fileMoved, fileLength),
            _raised.Add, nameFiles: false);
        StrongBox<long> a = DirectoryProgress<UploadDirectoryProgressArgs>.StartFile();

        progress.Moved(a, "a", 30, 100);

        Assert.Equal((null, 0L, 0L, 30L), (_raised[0].CurrentFile, _raised[0].TransferredBytesForCurrentFile,
            _raised[0].TotalNumberOfBytesForCurrentFile, _raised[0].TransferredBytes));
    }

    [Fact]
    public void Moved_AllOfAFile_RaisesNothingUntilTheFileCompletes()
    {
        DirectoryProgress<UploadDirectoryProgressArgs> progress = Create();
        StrongBox<long> a = DirectoryProgress<UploadDirectoryProgressArgs>.StartFile();

        progress.Moved(a, "a", 100, 100);

        Assert.Empty(_raised);
    }

    [Fact]
    public void Completed_AfterPartialReports_CountsTheFileOnceAtItsWholeLength()
    {
        DirectoryProgress<UploadDirectoryProgressArgs> progress = Create();
        progress.Found(100);
        StrongBox<long> a = DirectoryProgress<UploadDirectoryProgressArgs>.StartFile();
        progress.Moved(a, "a", 40, 100);
        progress.Moved(a, "a", 100, 100);

        progress.Completed(a, "a", 100);

        UploadDirectoryProgressArgs last = _raised[^1];
        Assert.Equal((1, 100L, 100L, 100L), (last.NumberOfFilesUploaded, last.TransferredBytes, last.TransferredBytesForCurrentFile,
            last.TotalNumberOfBytesForCurrentFile));
        Assert.Equal(100, progress.MovedBytes);
    }

    [Fact]
    public void Completed_HandlerThrows_TheFileIsNotCountedAsDone()
    {
        var progress = new DirectoryProgress<UploadDirectoryProgressArgs>(
            static (done, found, moved, foundBytes, file, fileMoved, fileLength) =>
                new UploadDirectoryProgressArgs(done, found, moved, foundBytes, file, fileMoved, fileLength),
            _ => throw new InvalidOperationException("handler bug"));
        StrongBox<long> a = DirectoryProgress<UploadDirectoryProgressArgs>.StartFile();

        Assert.Throws<InvalidOperationException>(() => progress.Completed(a, "a", 9));
        progress.Failed(a);

        Assert.Equal((0L, 0L), (progress.DoneFiles, progress.MovedBytes));
    }

    [Fact]
    public void Failed_FileInFlight_TakesItsBytesBackOut()
    {
        DirectoryProgress<UploadDirectoryProgressArgs> progress = Create();
        StrongBox<long> a = DirectoryProgress<UploadDirectoryProgressArgs>.StartFile();
        StrongBox<long> b = DirectoryProgress<UploadDirectoryProgressArgs>.StartFile();
        progress.Moved(a, "a", 40, 100);
        progress.Completed(b, "b", 7);

        progress.Failed(a);

        Assert.Equal(7, progress.MovedBytes);
        Assert.Equal(1, progress.DoneFiles);
    }

    [Fact]
    public void TotalFiles_BeforeTheEnumerationEnds_IsUnknown()
    {
        DirectoryProgress<UploadDirectoryProgressArgs> progress = Create();
        progress.Found(10);

        Assert.Equal((-1L, -1L), (progress.TotalFiles, progress.TotalBytes));
    }

    [Fact]
    public void TotalFiles_AfterTheEnumerationEnds_IsTheCountFound()
    {
        DirectoryProgress<UploadDirectoryProgressArgs> progress = Create();
        progress.Found(10);
        progress.Found(5);

        progress.FoundAll();

        Assert.Equal((2L, 15L), (progress.TotalFiles, progress.TotalBytes));
    }

    [Fact]
    public void Completed_NobodyListens_StillCounts()
    {
        var progress = new DirectoryProgress<UploadDirectoryProgressArgs>(
            static (done, found, moved, foundBytes, file, fileMoved, fileLength) =>
                new UploadDirectoryProgressArgs(done, found, moved, foundBytes, file, fileMoved, fileLength), raise: null);

        progress.Completed(DirectoryProgress<UploadDirectoryProgressArgs>.StartFile(), "a", 9);

        Assert.Equal((1L, 9L), (progress.DoneFiles, progress.MovedBytes));
    }
}
