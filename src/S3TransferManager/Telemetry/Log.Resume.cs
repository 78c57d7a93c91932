using Microsoft.Extensions.Logging;

namespace S3TransferManager.Telemetry;

/// <summary>Log lines of resumable transfers and their journals (event ids 300 and up).</summary>
internal static partial class Log
{
    [LoggerMessage(LogEvents.TransferResumed, LogLevel.Information, "Resuming the {Kind} of s3://{Bucket}/{Key}: {ResumedBytes} of {Length} bytes already done (journal {JournalPath})")]
    public static partial void TransferResumed(ILogger logger, string kind, string bucket, string key, long resumedBytes, long length, string journalPath);

    [LoggerMessage(LogEvents.ResumeRestarted, LogLevel.Warning, "Resuming s3://{Bucket}/{Key}: {Reason}")]
    public static partial void ResumeRestarted(ILogger logger, string bucket, string key, string reason);

    [LoggerMessage(LogEvents.JournalKept, LogLevel.Information, "Kept the journal {JournalPath} of s3://{Bucket}/{Key}: the same request again resumes it")]
    public static partial void JournalKept(ILogger logger, string bucket, string key, string journalPath, Exception error);

    [LoggerMessage(LogEvents.JournalInUse, LogLevel.Warning, "The journal {JournalPath} is in use by another transfer; this transfer of s3://{Bucket}/{Key} runs without one")]
    public static partial void JournalInUse(ILogger logger, string bucket, string key, string journalPath);

    [LoggerMessage(LogEvents.JournalWriteFailed, LogLevel.Warning, "Could not write the journal {JournalPath}; the transfer goes on, but cannot be resumed")]
    public static partial void JournalWriteFailed(ILogger logger, string journalPath, Exception error);

    [LoggerMessage(LogEvents.JournalDiscarded, LogLevel.Information, "Discarded the journal {JournalPath}: {Reason}")]
    public static partial void JournalDiscarded(ILogger logger, string journalPath, string reason);

    [LoggerMessage(LogEvents.JournalDiscardFailed, LogLevel.Warning, "Could not discard the journal {JournalPath}")]
    public static partial void JournalDiscardFailed(ILogger logger, string journalPath, Exception error);

    [LoggerMessage(LogEvents.UploadFoundCompleted, LogLevel.Information, "s3://{Bucket}/{Key} is already the object upload {UploadId} completed (its ETag is that of the recorded parts): nothing is sent again")]
    public static partial void UploadFoundCompleted(ILogger logger, string bucket, string key, string uploadId);
}
