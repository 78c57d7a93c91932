using Amazon.Runtime;

namespace S3TransferManager.Telemetry;

/// <summary>Turns an exception into a low-cardinality <c>error.type</c>: S3's error code when the service gave one
/// (<c>NoSuchKey</c>, <c>SlowDown</c>, ...), <see cref="TelemetryTags.Canceled"/> for a cancellation, and the exception's
/// type name otherwise. Never the message: it names keys and offsets.</summary>
internal static class ErrorTypes
{
    public static string Of(Exception error) => error switch
    {
        OperationCanceledException => TelemetryTags.Canceled,
        AmazonServiceException { ErrorCode: { Length: > 0 } code } => code,
        _ => error.GetType().FullName ?? error.GetType().Name,
    };

    public static bool IsCancellation(Exception error) => error is OperationCanceledException;
}
