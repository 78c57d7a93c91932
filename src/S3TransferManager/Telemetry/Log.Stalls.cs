using Microsoft.Extensions.Logging;

namespace S3TransferManager.Telemetry;

/// <summary>Log lines of stalled and hedged upload requests.</summary>
internal static partial class Log
{
    [LoggerMessage(LogEvents.RequestStalled, LogLevel.Warning, "{Operation} of s3://{Bucket}/{Key} (part {PartNumber}; 0: not a part) stalled {Phase} for {StalledFor}; sending it again on another connection (attempt {Attempt} of {MaxAttempts})")]
    public static partial void RequestStalled(ILogger logger, string operation, string bucket, string key, int partNumber, string phase, TimeSpan stalledFor,
        int attempt, int maxAttempts);

    [LoggerMessage(LogEvents.RequestHedged, LogLevel.Debug, "{Operation} of s3://{Bucket}/{Key} part {PartNumber} had no answer after {Waited}; sent a second attempt alongside it")]
    public static partial void RequestHedged(ILogger logger, string operation, string bucket, string key, int partNumber, TimeSpan waited);
}
