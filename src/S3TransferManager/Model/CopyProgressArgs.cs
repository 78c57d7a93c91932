using Amazon.S3.Model;

namespace S3TransferManager;

/// <summary>Progress of a server-side copy, as <see cref="TransferUtilityCopyRequest.CopyProgressEvent"/> raises it:
/// the bytes of the parts S3 has copied so far. Derived, as the upload and download progress are, from the AWS SDK's
/// <see cref="TransferProgressArgs"/>.</summary>
public sealed class CopyProgressArgs : TransferProgressArgs
{
    /// <summary>Creates progress for a copy.</summary>
    /// <param name="incrementTransferred">Bytes copied since the previous event.</param>
    /// <param name="transferred">Bytes copied so far.</param>
    /// <param name="total">The source's length.</param>
    public CopyProgressArgs(long incrementTransferred, long transferred, long total)
        : base(incrementTransferred, transferred, total)
    {
    }

    internal CopyProgressArgs(Events.ProgressStep step, TransferUtilityCopyRequest request)
        : this(step.Increment, step.Transferred, step.Total)
    {
        Request = request;
    }

    /// <summary>The request whose copy this is; <see langword="null"/> when the arguments were created by the caller.</summary>
    public TransferUtilityCopyRequest? Request { get; }
}
