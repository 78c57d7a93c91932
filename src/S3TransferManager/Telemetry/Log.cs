using Microsoft.Extensions.Logging;

namespace S3TransferManager.Telemetry;

/// <summary>Every log line the library writes, source-generated so a disabled level costs one check.</summary>
internal static partial class Log
{
    [LoggerMessage(LogEvents.Discovered, LogLevel.Debug, "Discovered s3://{Bucket}/{Key}: {Length} bytes, ETag {ETag}, {PartCount} part(s)")]
    public static partial void Discovered(ILogger logger, string bucket, string key, long length, string? eTag, int partCount);

    [LoggerMessage(LogEvents.ResumingPart, LogLevel.Warning, "Body of s3://{Bucket}/{Key} part {PartNumber} interrupted at byte {Offset}; resuming the missing range (attempt {Attempt} of {MaxAttempts})")]
    public static partial void ResumingPart(ILogger logger, string bucket, string key, int partNumber, long offset, int attempt, int maxAttempts, Exception error);

    [LoggerMessage(LogEvents.DownloadCompleted, LogLevel.Information, "Downloaded s3://{Bucket}/{Key} ({Length} bytes) to {FilePath}")]
    public static partial void DownloadCompleted(ILogger logger, string bucket, string key, long length, string filePath);

    [LoggerMessage(LogEvents.DownloadFailed, LogLevel.Warning, "Download of s3://{Bucket}/{Key} failed")]
    public static partial void DownloadFailed(ILogger logger, string bucket, string key, Exception error);

    [LoggerMessage(LogEvents.TempFileNotDeleted, LogLevel.Warning, "Could not delete the temporary file {TempPath}")]
    public static partial void TempFileNotDeleted(ILogger logger, string tempPath, Exception error);
}
