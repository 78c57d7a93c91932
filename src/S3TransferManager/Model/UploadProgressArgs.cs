namespace S3TransferManager;

/// <summary>Progress of an upload, as <see cref="TransferUtilityUploadRequest.UploadProgressEvent"/> raises it; named
/// and shaped as <c>Amazon.S3.Transfer.UploadProgressArgs</c>, so handlers typed with it compile unchanged.</summary>
public class UploadProgressArgs : TransferProgressArgs
{
    /// <summary>Creates progress for an upload.</summary>
    /// <param name="incrementTransferred">Bytes transferred since the previous event.</param>
    /// <param name="transferred">Bytes transferred so far.</param>
    /// <param name="total">The upload's whole length, or -1 while it is not known.</param>
    public UploadProgressArgs(long incrementTransferred, long transferred, long total)
        : base(incrementTransferred, transferred, total)
    {
    }

    /// <summary>Creates progress for the upload of a file.</summary>
    /// <param name="incrementTransferred">Bytes transferred since the previous event.</param>
    /// <param name="transferred">Bytes transferred so far.</param>
    /// <param name="total">The upload's whole length, or -1 while it is not known.</param>
    /// <param name="filePath">The file being uploaded, or <see langword="null"/> for a stream.</param>
    public UploadProgressArgs(long incrementTransferred, long transferred, long total, string? filePath)
        : base(incrementTransferred, transferred, total)
    {
        FilePath = filePath;
    }

    internal UploadProgressArgs(TransferProgressArgs progress, TransferUtilityUploadRequest request)
        : this(progress.IncrementTransferred, progress.TransferredBytes, progress.TotalBytes, request.FilePath)
    {
        Request = request;
    }

    /// <summary>The file being uploaded; <see langword="null"/> when the upload reads a stream.</summary>
    public string? FilePath { get; }

    /// <summary>The request whose upload this is; <see langword="null"/> when the arguments were created by the caller.</summary>
    public TransferUtilityUploadRequest? Request { get; }
}
