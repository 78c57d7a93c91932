namespace S3TransferManager;

/// <summary>What a sync does, or in a dry run would do, to one entry.</summary>
public enum SyncAction
{
    /// <summary>A local file is uploaded to the destination prefix.</summary>
    Upload,

    /// <summary>An object is downloaded to the destination folder.</summary>
    Download,

    /// <summary>An object is copied server-side to the destination prefix.</summary>
    Copy,

    /// <summary>A destination entry missing at the source is deleted (only with <see cref="TransferUtilitySyncRequest.Delete"/>).</summary>
    Delete,
}
