using Microsoft.Extensions.Logging;

namespace S3TransferManager.Telemetry;

/// <summary>Log lines of uploads (event ids 100 and up).</summary>
internal static partial class Log
{
    [LoggerMessage(LogEvents.SinglePutStarting, LogLevel.Debug, "Uploading to s3://{Bucket}/{Key} with one PutObject ({Length} bytes)")]
    public static partial void SinglePutStarting(ILogger logger, string bucket, string key, long length);

    [LoggerMessage(LogEvents.MultipartStarted, LogLevel.Debug, "Started multipart upload {UploadId} of s3://{Bucket}/{Key}: part size {PartSize}, length {Length} (-1 while unknown)")]
    public static partial void MultipartStarted(ILogger logger, string bucket, string key, string uploadId, long partSize, long length);

    [LoggerMessage(LogEvents.PartUploaded, LogLevel.Trace, "Uploaded part {PartNumber} of s3://{Bucket}/{Key} ({Length} bytes)")]
    public static partial void PartUploaded(ILogger logger, string bucket, string key, int partNumber, long length);

    [LoggerMessage(LogEvents.UploadCompleted, LogLevel.Information, "Uploaded s3://{Bucket}/{Key} ({Length} bytes, {PartCount} part(s))")]
    public static partial void UploadCompleted(ILogger logger, string bucket, string key, long length, int partCount);

    [LoggerMessage(LogEvents.CompletionConfirmedByHead, LogLevel.Information, "CompleteMultipartUpload of upload {UploadId} of s3://{Bucket}/{Key} answered without an ETag; a HEAD confirmed the object, and its ETag {ETag} is the upload's")]
    public static partial void CompletionConfirmedByHead(ILogger logger, string bucket, string key, string uploadId, string eTag);

    [LoggerMessage(LogEvents.UploadFailed, LogLevel.Warning, "Upload of s3://{Bucket}/{Key} failed")]
    public static partial void UploadFailed(ILogger logger, string bucket, string key, Exception error);

    [LoggerMessage(LogEvents.MultipartAborted, LogLevel.Information, "Aborted multipart upload {UploadId} of s3://{Bucket}/{Key}")]
    public static partial void MultipartAborted(ILogger logger, string bucket, string key, string uploadId);

    [LoggerMessage(LogEvents.AbortFailed, LogLevel.Error, "Could not abort multipart upload {UploadId} of s3://{Bucket}/{Key}; its parts stay stored until a lifecycle rule removes them")]
    public static partial void AbortFailed(ILogger logger, string bucket, string key, string uploadId, Exception error);

    [LoggerMessage(LogEvents.AbortTimedOut, LogLevel.Error, "Gave up aborting multipart upload {UploadId} of s3://{Bucket}/{Key} after {Limit}; its parts stay stored until a lifecycle rule removes them")]
    public static partial void AbortTimedOut(ILogger logger, string bucket, string key, string uploadId, TimeSpan limit);

    [LoggerMessage(LogEvents.PartsAbandoned, LogLevel.Warning, "{Count} part upload(s) or source read(s) of multipart upload {UploadId} of s3://{Bucket}/{Key} did not stop within {Limit} of the failure; returning the error without them")]
    public static partial void PartsAbandoned(ILogger logger, string bucket, string key, string uploadId, int count, TimeSpan limit);

    [LoggerMessage(LogEvents.FailedHandlerThrew, LogLevel.Warning, "A {EventName} handler for s3://{Bucket}/{Key} threw; the transfer's own error is returned")]
    public static partial void FailedHandlerThrew(ILogger logger, string eventName, string bucket, string key, Exception error);

    [LoggerMessage(LogEvents.InputStreamCloseFailed, LogLevel.Warning, "Could not close the input stream of the failed upload to s3://{Bucket}/{Key}")]
    public static partial void InputStreamCloseFailed(ILogger logger, string bucket, string key, Exception error);
}
