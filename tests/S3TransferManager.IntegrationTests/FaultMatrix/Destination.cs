namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>Where a download to a file writes, for the cases that are about the destination rather than the network.</summary>
internal enum Destination
{
    /// <summary>A file that already exists (with other bytes) in the scratch folder: it must be replaced on success and
    /// left untouched on failure.</summary>
    ExistingFile,

    /// <summary>A file in a folder (two levels) that does not exist yet.</summary>
    MissingFolder,

    /// <summary>An existing file on a small private tmpfs remounted read-only.</summary>
    ReadOnlyFolder,

    /// <summary>An existing file on a private tmpfs smaller than the object.</summary>
    FullDisk,
}
