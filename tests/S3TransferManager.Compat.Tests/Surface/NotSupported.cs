namespace CompatScenarios.Surface;

/// <summary>The members of Amazon.S3.Transfer (AWSSDK.S3 4.0.104.5) with no counterpart of the same name here, each
/// group with its reason in the README's table. A member added to the library must leave this list.</summary>
internal static class NotSupported
{
    public static readonly string[] Members =
    [
        // Directory events and their arguments: they come with the directory work.
        "DownloadDirectoryCompletedEventArgs",
        "DownloadDirectoryFailedEventArgs",
        "DownloadDirectoryInitiatedEventArgs",
        "DownloadDirectoryProgressArgs..ctor(Int32, Int32, Int64, Int64, String, Int64, Int64)",
        "DownloadDirectoryProgressArgs..ctor(Int32, Int32, String, Int64, Int64)",
        "DownloadDirectoryProgressArgs.ToString()",
        "DownloadDirectoryProgressArgs.TotalNumberOfBytesForCurrentFile",
        "DownloadDirectoryProgressArgs.TransferredBytesForCurrentFile",
        "TransferUtilityDownloadDirectoryRequest.DownloadDirectoryCompletedEvent",
        "TransferUtilityDownloadDirectoryRequest.DownloadDirectoryFailedEvent",
        "TransferUtilityDownloadDirectoryRequest.DownloadDirectoryInitiatedEvent",
        "TransferUtilityUploadDirectoryRequest.UploadDirectoryCompletedEvent",
        "TransferUtilityUploadDirectoryRequest.UploadDirectoryFailedEvent",
        "TransferUtilityUploadDirectoryRequest.UploadDirectoryInitiatedEvent",
        "UploadDirectoryCompletedEventArgs",
        "UploadDirectoryFailedEventArgs",
        "UploadDirectoryInitiatedEventArgs",
        "UploadDirectoryProgressArgs..ctor(Int32, Int32, Int64, Int64, String, Int64, Int64)",
        "UploadDirectoryProgressArgs..ctor(Int32, Int32, String, Int64, Int64)",
        "UploadDirectoryProgressArgs.ToString()",
        "UploadDirectoryProgressArgs.TotalNumberOfBytesForCurrentFile",
        "UploadDirectoryProgressArgs.TransferredBytesForCurrentFile",

        // Response types the SDK lets callers construct; here only the library creates them.
        "TransferUtilityAbortMultipartUploadsResponse",
        "TransferUtilityDownloadDirectoryResponse..ctor()",
        "TransferUtilityOpenStreamResponse..ctor()",
        "TransferUtilityUploadDirectoryResponse..ctor()",
    ];
}
