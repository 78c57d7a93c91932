namespace CompatScenarios.Surface;

/// <summary>The properties of Amazon.S3.Transfer (AWSSDK.S3 4.1.0) whose type or setter differs here, each with its
/// reason in the compatibility table (docs/compatibility.md). A property brought in line with the SDK must leave this
/// list.</summary>
internal static class DocumentedDifferences
{
    public static readonly string[] Properties =
    [
        // Dates: null sends nothing, where the SDK needs IsSet bookkeeping; assigning a DateTime compiles unchanged.
        "BaseDownloadRequest.ModifiedSinceDate: DateTime -> DateTime?",
        "BaseDownloadRequest.UnmodifiedSinceDate: DateTime -> DateTime?",
        "TransferUtilityDownloadDirectoryRequest.ModifiedSinceDate: DateTime -> DateTime?",
        "TransferUtilityDownloadDirectoryRequest.UnmodifiedSinceDate: DateTime -> DateTime?",
        "TransferUtilityAbortMultipartUploadRequest.InitiatedDate: DateTime? -> DateTime",
        "TransferUtilityUploadRequest.MpuObjectSize: Int64 -> Int64?",

        // Unset is automatic (10 bodies, each slot with one early request); a number is a hard cap, as on the SDK. Read as
        // 10, the default would change behaviour when set back. Assigning an int compiles unchanged.
        "TransferUtilityConfig.ConcurrentServiceRequests: Int32 -> Int32?",

        // Unset is automatic (parts sized into whole waves), and reads as null rather than as a size the library will not
        // use. Assigning a long compiles unchanged.
        "TransferUtilityUploadRequest.PartSize: Int64 -> Int64?",

        // Metadata to upload: a plain dictionary to fill.
        "BaseUploadRequest.Metadata: MetadataCollection -> IDictionary<String, String>",

        // What the library reports is not for the caller to change.
        "TransferUtilityGetObjectResponseBase.Headers: settable -> read-only",
        "DownloadDirectoryProgressArgs.CurrentFile: settable -> read-only",
        "DownloadDirectoryProgressArgs.NumberOfFilesDownloaded: settable -> read-only",
        "DownloadDirectoryProgressArgs.TotalBytes: settable -> read-only",
        "DownloadDirectoryProgressArgs.TotalNumberOfBytesForCurrentFile: settable -> read-only",
        "DownloadDirectoryProgressArgs.TotalNumberOfFiles: settable -> read-only",
        "DownloadDirectoryProgressArgs.TransferredBytes: settable -> read-only",
        "DownloadDirectoryProgressArgs.TransferredBytesForCurrentFile: settable -> read-only",
        "UploadDirectoryProgressArgs.CurrentFile: settable -> read-only",
        "UploadDirectoryProgressArgs.NumberOfFilesUploaded: settable -> read-only",
        "UploadDirectoryProgressArgs.TotalBytes: settable -> read-only",
        "UploadDirectoryProgressArgs.TotalNumberOfBytesForCurrentFile: settable -> read-only",
        "UploadDirectoryProgressArgs.TotalNumberOfFiles: settable -> read-only",
        "UploadDirectoryProgressArgs.TransferredBytes: settable -> read-only",
        "UploadDirectoryProgressArgs.TransferredBytesForCurrentFile: settable -> read-only",
        "DownloadDirectoryFileRequestArgs.DownloadRequest: settable -> read-only",
        "UploadDirectoryFileRequestArgs.UploadRequest: settable -> read-only",
    ];
}
