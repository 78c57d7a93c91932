namespace S3TransferManager;

/// <summary>What kind of transfer a <see cref="ResumableTransfer"/> is.</summary>
public enum ResumableTransferKind
{
    /// <summary>A multipart upload from a file.</summary>
    Upload,

    /// <summary>A download to a file, in parts.</summary>
    Download,

    /// <summary>A folder uploaded to a key prefix.</summary>
    UploadDirectory,

    /// <summary>A key prefix downloaded to a folder.</summary>
    DownloadDirectory,
}
