using Amazon.S3.Model;

namespace S3TransferManager;

/// <summary>Progress of an upload, as <see cref="TransferUtilityUploadRequest.UploadProgressEvent"/> raises it; named
/// and shaped as <c>Amazon.S3.Transfer.UploadProgressArgs</c>, and derived, as it is, from the AWS SDK's
/// <see cref="TransferProgressArgs"/>, so handlers typed with either compile unchanged.</summary>
/// <remarks>The bytes since the previous event are <c>IncrementTransferred</c>
/// (<see cref="TransferProgressArgsExtensions"/>). While the length of a non-seekable stream is not known,
/// <see cref="TransferProgressArgs.TotalBytes"/> is -1 and the SDK's <see cref="TransferProgressArgs.PercentDone"/>
/// is negative, as it is for the SDK's own uploads.</remarks>
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

    internal UploadProgressArgs(Events.ProgressStep step, TransferUtilityUploadRequest request)
        : this(step.Increment, step.Transferred, step.Total, request.FilePath)
    {
        Request = request;
    }

    /// <summary>The file being uploaded; <see langword="null"/> when the upload reads a stream.</summary>
    public string? FilePath { get; }

    /// <summary>The request whose upload this is; <see langword="null"/> when the arguments were created by the caller.</summary>
    public TransferUtilityUploadRequest? Request { get; }
}
