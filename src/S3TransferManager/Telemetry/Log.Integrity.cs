using Microsoft.Extensions.Logging;

namespace S3TransferManager.Telemetry;

/// <summary>The log lines of download checksum validation.</summary>
internal static partial class Log
{
    [LoggerMessage(LogEvents.ChecksumValidated, LogLevel.Debug, "Validated s3://{Bucket}/{Key}: {Result}")]
    public static partial void ChecksumValidated(ILogger logger, string bucket, string key, ChecksumValidationResult result);

    [LoggerMessage(LogEvents.ChecksumNotValidated, LogLevel.Information, "The bytes of s3://{Bucket}/{Key} were not validated: {Reason}")]
    public static partial void ChecksumNotValidated(ILogger logger, string bucket, string key, string reason);

    [LoggerMessage(LogEvents.StoredChecksumUnavailable, LogLevel.Warning, "Could not learn the stored checksum of s3://{Bucket}/{Key}; its bytes will not be validated")]
    public static partial void StoredChecksumUnavailable(ILogger logger, string bucket, string key, Exception error);

    [LoggerMessage(LogEvents.ChecksumUndecided, LogLevel.Warning, "The bytes of s3://{Bucket}/{Key} were not validated: {Reason}")]
    public static partial void ChecksumUndecided(ILogger logger, string bucket, string key, string reason);

    [LoggerMessage(LogEvents.StoredPartsUnavailable, LogLevel.Debug, "GetObjectAttributes did not list the stored parts of s3://{Bucket}/{Key}; their layout will be inferred")]
    public static partial void StoredPartsUnavailable(ILogger logger, string bucket, string key, Exception error);
}
