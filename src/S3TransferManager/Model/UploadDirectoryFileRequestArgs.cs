namespace S3TransferManager;

/// <summary>One file of a directory upload, about to be uploaded: its request can still be changed.</summary>
public sealed class UploadDirectoryFileRequestArgs : EventArgs
{
    /// <summary>Wraps the request of the file about to be uploaded.</summary>
    /// <param name="request">The file's request.</param>
    public UploadDirectoryFileRequestArgs(TransferUtilityUploadRequest request) => UploadRequest = request;

    /// <summary>The file's request, with the directory request's options and the key the file maps to. Changes made to
    /// it here (key, metadata, storage class...) are what is sent.</summary>
    public TransferUtilityUploadRequest UploadRequest { get; }
}
