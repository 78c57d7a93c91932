namespace S3TransferManager;

/// <summary>Progress of a directory download, raised as its objects move bytes and as each one completes.</summary>
/// <remarks>
/// Events are raised one at a time, so a handler sees a consistent snapshot, but from the threads that move the bytes:
/// keep handlers short. Each object's bytes are reported as its own progress reports them (throttled to about every
/// 100 ms and 1%, see <see cref="TransferUtilityDownloadRequest.WriteObjectProgressEvent"/>), and once more when it completes. Many objects are in flight
/// at once, so "current file" is the object whose progress raised this event, or, with
/// <see cref="TransferUtilityDownloadDirectoryRequest.DownloadFilesConcurrently"/>, none (as the AWS SDK reports
/// concurrent downloads). Bytes of an object that fails are taken back out of <see cref="TransferredBytes"/>, so after a
/// failure it can be lower than in an earlier event.
/// </remarks>
public sealed class DownloadDirectoryProgressArgs : EventArgs
{
    /// <summary>Creates progress that names the current file only; <see cref="TransferredBytes"/> and
    /// <see cref="TotalBytes"/> are 0.</summary>
    /// <param name="numberOfFilesDownloaded">Objects completed so far.</param>
    /// <param name="totalNumberOfFiles">Objects found so far.</param>
    /// <param name="currentFile">The file whose progress this is.</param>
    /// <param name="transferredBytesForCurrentFile">Bytes of that file moved so far.</param>
    /// <param name="totalNumberOfBytesForCurrentFile">That file's length.</param>
    public DownloadDirectoryProgressArgs(int numberOfFilesDownloaded, int totalNumberOfFiles, string? currentFile,
        long transferredBytesForCurrentFile, long totalNumberOfBytesForCurrentFile)
        : this(numberOfFilesDownloaded, totalNumberOfFiles, 0, 0, currentFile, transferredBytesForCurrentFile,
            totalNumberOfBytesForCurrentFile)
    {
    }

    /// <summary>Creates progress of a directory download.</summary>
    /// <param name="numberOfFilesDownloaded">Objects completed so far.</param>
    /// <param name="totalNumberOfFiles">Objects found so far.</param>
    /// <param name="transferredBytes">Bytes moved so far, across all objects.</param>
    /// <param name="totalBytes">Bytes of the objects found so far.</param>
    /// <param name="currentFile">The file whose progress this is.</param>
    /// <param name="transferredBytesForCurrentFile">Bytes of that file moved so far.</param>
    /// <param name="totalNumberOfBytesForCurrentFile">That file's length.</param>
    public DownloadDirectoryProgressArgs(int numberOfFilesDownloaded, int totalNumberOfFiles, long transferredBytes, long totalBytes,
        string? currentFile, long transferredBytesForCurrentFile, long totalNumberOfBytesForCurrentFile)
    {
        NumberOfFilesDownloaded = numberOfFilesDownloaded;
        TotalNumberOfFiles = totalNumberOfFiles;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        CurrentFile = currentFile;
        TransferredBytesForCurrentFile = transferredBytesForCurrentFile;
        TotalNumberOfBytesForCurrentFile = totalNumberOfBytesForCurrentFile;
    }

    /// <summary>Objects completed so far.</summary>
    public int NumberOfFilesDownloaded { get; }

    /// <summary>Objects found so far; final once the listing has ended. An <see langword="int"/> as in the AWS SDK,
    /// so it stops at <see cref="int.MaxValue"/>.</summary>
    public int TotalNumberOfFiles { get; }

    /// <summary>Bytes moved so far across all objects: those of completed objects and those in flight.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of the objects found so far; final once the listing has ended.</summary>
    public long TotalBytes { get; }

    /// <summary>The object whose progress raised this event, as its path relative to
    /// <see cref="TransferUtilityDownloadDirectoryRequest.LocalDirectory"/>, '/' separated (the key after
    /// <see cref="TransferUtilityDownloadDirectoryRequest.S3Directory"/>, e.g. "sub/a.txt"), as the AWS SDK names it;
    /// for a folder marker, the folder ("sub/").</summary>
    public string? CurrentFile { get; }

    /// <summary>Bytes of <see cref="CurrentFile"/> moved so far; its whole length when it has just completed.</summary>
    public long TransferredBytesForCurrentFile { get; }

    /// <summary>The length of <see cref="CurrentFile"/>.</summary>
    public long TotalNumberOfBytesForCurrentFile { get; }

    /// <summary>The counts as one line, as the AWS SDK's arguments print them.</summary>
    /// <returns>For example "Total Files: 10, Downloaded Files 3, Total Bytes: 1000, Transferred Bytes: 300".</returns>
    public override string ToString() =>
        string.Create(System.Globalization.CultureInfo.InvariantCulture,
            $"Total Files: {TotalNumberOfFiles}, Downloaded Files {NumberOfFilesDownloaded}, Total Bytes: {TotalBytes}, Transferred Bytes: {TransferredBytes}");
}
