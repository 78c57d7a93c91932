using Microsoft.Extensions.Logging;

namespace S3TransferManager.Telemetry;

/// <summary>Log lines of server-side copies and sync (event ids 300 and up).</summary>
internal static partial class Log
{
    [LoggerMessage(LogEvents.CopyCompleted, LogLevel.Information, "Copied s3://{SourceBucket}/{SourceKey} to s3://{Bucket}/{Key} ({Length} bytes, {PartCount} part(s))")]
    public static partial void CopyCompleted(ILogger logger, string sourceBucket, string sourceKey, string bucket, string key, long length, int partCount);

    [LoggerMessage(LogEvents.CopyFailed, LogLevel.Warning, "Copy of s3://{SourceBucket}/{SourceKey} to s3://{Bucket}/{Key} failed")]
    public static partial void CopyFailed(ILogger logger, string sourceBucket, string sourceKey, string bucket, string key, Exception error);

    [LoggerMessage(LogEvents.SyncDeleteObjectsRefused, LogLevel.Information,
        "s3://{Bucket} refused DeleteObjects ({ErrorCode}: {Reason}): the sync deletes each object with a request of its own")]
    public static partial void SyncDeleteObjectsRefused(ILogger logger, string bucket, string errorCode, string reason);
}
