namespace S3TransferManager;

/// <summary>Progress of a download to a file, as <see cref="TransferUtilityDownloadRequest.WriteObjectProgressEvent"/>
/// raises it; named and shaped as <c>Amazon.S3.Model.WriteObjectProgressArgs</c>, so handlers typed with it compile
/// unchanged.</summary>
/// <remarks>The AWS SDK declares its type in <c>Amazon.S3.Model</c>, not <c>Amazon.S3.Transfer</c>: a file that imports
/// both that namespace and this one must say which it means (<c>using WriteObjectProgressArgs =
/// S3TransferManager.WriteObjectProgressArgs;</c>).</remarks>
public class WriteObjectProgressArgs : TransferProgressArgs
{
    internal WriteObjectProgressArgs(TransferProgressArgs progress, TransferUtilityDownloadRequest request)
        : base(progress.IncrementTransferred, progress.TransferredBytes, progress.TotalBytes)
    {
        Request = request;
        BucketName = request.BucketName;
        Key = request.Key;
        VersionId = request.VersionId;
        FilePath = request.FilePath;
        IsCompleted = progress.TotalBytes >= 0 && progress.TransferredBytes == progress.TotalBytes;
    }

    /// <summary>The bucket being read.</summary>
    public string? BucketName { get; }

    /// <summary>The object's key.</summary>
    public string? Key { get; }

    /// <summary>The version asked for; <see langword="null"/> for the current one.</summary>
    public string? VersionId { get; }

    /// <summary>The destination file.</summary>
    public string? FilePath { get; }

    /// <summary>Whether every byte has been written (the final event). The file replaces the destination right after.</summary>
    public bool IsCompleted { get; }

    /// <summary>The request whose download this is.</summary>
    public TransferUtilityDownloadRequest Request { get; }
}
