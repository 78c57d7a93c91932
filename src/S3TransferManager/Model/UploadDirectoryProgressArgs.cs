namespace S3TransferManager;

/// <summary>Progress of a directory upload, raised as its files move bytes and as each one completes.</summary>
/// <remarks>
/// Events are raised one at a time, so a handler sees a consistent snapshot, but from the threads that move the bytes:
/// keep handlers short. Each file's bytes are reported as its own progress reports them (throttled to about every
/// 100 ms and 1%, see <see cref="TransferUtilityUploadRequest.UploadProgressEvent"/>), and once more when it completes. Many files are in flight
/// at once, so "current file" is the file whose progress raised this event, or, with
/// <see cref="TransferUtilityUploadDirectoryRequest.UploadFilesConcurrently"/>, none (as the AWS SDK reports concurrent
/// uploads). Bytes of a file that fails are taken back out of <see cref="TransferredBytes"/>, so after a
/// failure it can be lower than in an earlier event.
/// </remarks>
public sealed class UploadDirectoryProgressArgs : EventArgs
{
    /// <summary>Creates progress that names the current file only; <see cref="TransferredBytes"/> and
    /// <see cref="TotalBytes"/> are 0.</summary>
    /// <param name="numberOfFilesUploaded">Files completed so far.</param>
    /// <param name="totalNumberOfFiles">Files found so far.</param>
    /// <param name="currentFile">The file whose progress this is.</param>
    /// <param name="transferredBytesForCurrentFile">Bytes of that file moved so far.</param>
    /// <param name="totalNumberOfBytesForCurrentFile">That file's length.</param>
    public UploadDirectoryProgressArgs(int numberOfFilesUploaded, int totalNumberOfFiles, string? currentFile,
        long transferredBytesForCurrentFile, long totalNumberOfBytesForCurrentFile)
        : this(numberOfFilesUploaded, totalNumberOfFiles, 0, 0, currentFile, transferredBytesForCurrentFile,
            totalNumberOfBytesForCurrentFile)
    {
    }

    /// <summary>Creates progress of a directory upload.</summary>
    /// <param name="numberOfFilesUploaded">Files completed so far.</param>
    /// <param name="totalNumberOfFiles">Files found so far.</param>
    /// <param name="transferredBytes">Bytes moved so far, across all files.</param>
    /// <param name="totalBytes">Bytes of the files found so far.</param>
    /// <param name="currentFile">The file whose progress this is.</param>
    /// <param name="transferredBytesForCurrentFile">Bytes of that file moved so far.</param>
    /// <param name="totalNumberOfBytesForCurrentFile">That file's length.</param>
    public UploadDirectoryProgressArgs(int numberOfFilesUploaded, int totalNumberOfFiles, long transferredBytes, long totalBytes,
        string? currentFile, long transferredBytesForCurrentFile, long totalNumberOfBytesForCurrentFile)
    {
        NumberOfFilesUploaded = numberOfFilesUploaded;
        TotalNumberOfFiles = totalNumberOfFiles;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
        CurrentFile = currentFile;
        TransferredBytesForCurrentFile = transferredBytesForCurrentFile;
        TotalNumberOfBytesForCurrentFile = totalNumberOfBytesForCurrentFile;
    }

    /// <summary>Files completed so far.</summary>
    public int NumberOfFilesUploaded { get; }

    /// <summary>The files to upload, counted before the first one started (see
    /// <see cref="TransferUtilityUploadDirectoryRequest.CountFilesFirst"/>); for a folder not counted first, the files
    /// found so far, final once the enumeration has ended. An <see langword="int"/> as in the AWS SDK, so it stops at
    /// <see cref="int.MaxValue"/>.</summary>
    public int TotalNumberOfFiles { get; }

    /// <summary>Bytes moved so far across all files: those of completed files and those in flight.</summary>
    public long TransferredBytes { get; }

    /// <summary>Bytes of the files to upload, counted first as <see cref="TotalNumberOfFiles"/> is; for a folder not
    /// counted first, of the files found so far.</summary>
    public long TotalBytes { get; }

    /// <summary>The full path of the file whose progress raised this event.</summary>
    public string? CurrentFile { get; }

    /// <summary>Bytes of <see cref="CurrentFile"/> moved so far; its whole length when it has just completed.</summary>
    public long TransferredBytesForCurrentFile { get; }

    /// <summary>The length of <see cref="CurrentFile"/>.</summary>
    public long TotalNumberOfBytesForCurrentFile { get; }

    /// <summary>The counts as one line, as the AWS SDK's arguments print them.</summary>
    /// <returns>For example "Total Files: 10, Uploaded Files 3, Total Bytes: 1000, Transferred Bytes: 300".</returns>
    public override string ToString() =>
        string.Create(System.Globalization.CultureInfo.InvariantCulture,
            $"Total Files: {TotalNumberOfFiles}, Uploaded Files {NumberOfFilesUploaded}, Total Bytes: {TotalBytes}, Transferred Bytes: {TransferredBytes}");
}
