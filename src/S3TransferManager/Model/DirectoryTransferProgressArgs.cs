namespace S3TransferManager;

/// <summary>What the progress of a directory download and of a directory upload share: the counts, the bytes, and the
/// file whose progress raised the event.</summary>
/// <remarks>
/// Events are raised one at a time, so a handler sees a consistent snapshot, but from the threads that move the bytes:
/// keep handlers short. Each file's bytes are reported as its own progress reports them (throttled to about every
/// 100 ms and 1%), and once more when it completes. Many files are in flight at once, so "current file" is the one whose
/// progress raised this event, or, when the request transfers files concurrently, none (as the AWS SDK reports
/// concurrent transfers). Bytes of a file that fails are taken back out of <see cref="TransferredBytes"/>, so after a
/// failure it can be lower than in an earlier event.
/// </remarks>
public abstract class DirectoryTransferProgressArgs : EventArgs
{
    private protected DirectoryTransferProgressArgs(int totalNumberOfFiles, long transferredBytes, long totalBytes, string? currentFile,
        long transferredBytesForCurrentFile, long totalNumberOfBytesForCurrentFile)
    {
        TotalNumberOfFiles = totalNumberOfFiles;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        CurrentFile = currentFile;
        TransferredBytesForCurrentFile = transferredBytesForCurrentFile;
        TotalNumberOfBytesForCurrentFile = totalNumberOfBytesForCurrentFile;
    }

    /// <summary>Files found so far, final once the listing or the walk of the folder has ended; for an upload whose folder
    /// was counted first (see <see cref="TransferUtilityUploadDirectoryRequest.CountFilesFirst"/>), the files to upload
    /// from the first event on. An <see langword="int"/> as in the AWS SDK, so it stops at <see cref="int.MaxValue"/>.</summary>
    public int TotalNumberOfFiles { get; }

    /// <summary>Bytes moved so far across all files: those of completed files and those in flight.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of the files found so far, counted as <see cref="TotalNumberOfFiles"/> is.</summary>
    public long TotalBytes { get; }

    /// <summary>The file whose progress raised this event, as the AWS SDK names it. A download names it by its path
    /// relative to <see cref="TransferUtilityDownloadDirectoryRequest.LocalDirectory"/>, '/' separated (the key after
    /// <see cref="TransferUtilityDownloadDirectoryRequest.S3Directory"/>, e.g. "sub/a.txt"; for a folder marker, the
    /// folder, "sub/"); an upload by the file's full path.</summary>
    public string? CurrentFile { get; }

    /// <summary>Bytes of <see cref="CurrentFile"/> moved so far; its whole length when it has just completed.</summary>
    public long TransferredBytesForCurrentFile { get; }

    /// <summary>The length of <see cref="CurrentFile"/>.</summary>
    public long TotalNumberOfBytesForCurrentFile { get; }

    /// <summary>The counts as one line, as the AWS SDK's arguments print them.</summary>
    private protected string Describe(string doneName, int done) =>
        string.Create(System.Globalization.CultureInfo.InvariantCulture,
            $"Total Files: {TotalNumberOfFiles}, {doneName} Files {done}, Total Bytes: {TotalBytes}, Transferred Bytes: {TransferredBytes}");
}
