namespace S3TransferManager;

/// <summary>Why a sync acted on an entry.</summary>
public enum SyncReason
{
    /// <summary>The source entry is not at the destination.</summary>
    MissingAtDestination,

    /// <summary>The two sizes differ.</summary>
    SizeDiffers,

    /// <summary>Same size; the source was modified after the destination (uploads and S3 to S3 copies).</summary>
    SourceNewer,

    /// <summary>Same size; the local file was modified after the object (downloads, as the AWS CLI decides them).</summary>
    DestinationNewer,

    /// <summary>Same size; the modification times differ (downloads under <see cref="TransferUtilitySyncRequest.ExactTimestamps"/>).</summary>
    TimestampsDiffer,

    /// <summary>Same size; the stored checksum and the one computed for the other side differ
    /// (<see cref="TransferUtilitySyncRequest.CompareChecksums"/>).</summary>
    ChecksumDiffers,

    /// <summary>Same size, but the checksums could not be compared (no stored checksum, a composite one whose part
    /// layout S3 does not list, different algorithms on the two sides, or an object overwritten between its listing and
    /// its HEAD), so the entry is copied to be safe (<see cref="TransferUtilitySyncRequest.CompareChecksums"/>).</summary>
    ChecksumNotComparable,

    /// <summary>The destination entry is not at the source (with <see cref="TransferUtilitySyncRequest.Delete"/>).</summary>
    MissingAtSource,
}
