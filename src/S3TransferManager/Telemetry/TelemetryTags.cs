namespace S3TransferManager.Telemetry;

/// <summary>
/// The attribute names and values on the library's metrics and spans: OpenTelemetry's own names where one exists
/// (<c>aws.s3.*</c>, <c>rpc.method</c>, <c>error.type</c>), names under <c>s3transfermanager.</c> otherwise. Metrics carry
/// only the low-cardinality ones (direction, bucket, method, error type); keys and sizes go on spans.
/// </summary>
internal static class TelemetryTags
{
    public const string Bucket = "aws.s3.bucket";

    public const string Key = "aws.s3.key";

    public const string PartNumber = "aws.s3.part_number";

    public const string UploadId = "aws.s3.upload_id";

    public const string RpcMethod = "rpc.method";

    public const string ErrorType = "error.type";

    /// <summary><see cref="Upload"/>, <see cref="Download"/> or <see cref="Copy"/>.</summary>
    public const string Direction = "s3transfermanager.direction";

    /// <summary>The object's length in bytes, when known.</summary>
    public const string ObjectSize = "s3transfermanager.object.size";

    /// <summary>Bytes moved by the span: the whole transfer, or one part request.</summary>
    public const string TransferredBytes = "s3transfermanager.transferred_bytes";

    public const string PartCount = "s3transfermanager.part.count";

    /// <summary>The part's first byte in the object.</summary>
    public const string PartOffset = "s3transfermanager.part.offset";

    public const string PartSize = "s3transfermanager.part.size";

    /// <summary>How many times a part's body was requested again from the byte it stopped at.</summary>
    public const string Resumes = "s3transfermanager.part.resumes";

    /// <summary>How a stall, a retry or a hedge ended (<see cref="Outcomes"/>).</summary>
    public const string Outcome = "s3transfermanager.outcome";

    /// <summary>Where a request stalled: <see cref="Sending"/> its body, or <see cref="Waiting"/> for its answer.</summary>
    public const string StallPhase = "s3transfermanager.stall.phase";

    public const string Sending = "sending";

    public const string Waiting = "waiting";

    /// <summary>The attempt a span event is about, from 1.</summary>
    public const string Attempt = "s3transfermanager.attempt";

    public const string Upload = "upload";

    public const string Download = "download";

    /// <summary>A server-side copy: no bytes pass through the client.</summary>
    public const string Copy = "copy";

    /// <summary>The <see cref="ErrorType"/> of a transfer or part stopped by cancellation rather than by a failure.</summary>
    public const string Canceled = "canceled";
}
