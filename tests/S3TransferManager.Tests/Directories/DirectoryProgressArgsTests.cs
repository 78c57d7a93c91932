namespace S3TransferManager.Tests.Directories;

public sealed class DirectoryProgressArgsTests
{
    [Fact]
    public void ToString_UploadProgress_PrintsTheCountsAsTheAwsSdkDoes()
    {
        var args = new UploadDirectoryProgressArgs(1, 5, 100, 1000, "a.txt", 40, 80);

        Assert.Equal("Total Files: 5, Uploaded Files 1, Total Bytes: 1000, Transferred Bytes: 100", args.ToString());
    }

    [Fact]
    public void ToString_DownloadProgress_PrintsTheCountsAsTheAwsSdkDoes()
    {
        var args = new DownloadDirectoryProgressArgs(1, 5, 100, 1000, null, 0, 0);

        Assert.Equal("Total Files: 5, Downloaded Files 1, Total Bytes: 1000, Transferred Bytes: 100", args.ToString());
    }

    [Fact]
    public void Constructor_CurrentFileOnly_LeavesTheDirectoryBytesAtZero()
    {
        var args = new DownloadDirectoryProgressArgs(1, 5, "b", 40, 80);

        Assert.Equal((0L, 0L, "b", 40L, 80L), (args.TransferredBytes, args.TotalBytes, args.CurrentFile,
            args.TransferredBytesForCurrentFile, args.TotalNumberOfBytesForCurrentFile));
    }
}
