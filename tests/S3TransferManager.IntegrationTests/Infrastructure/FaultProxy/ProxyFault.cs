using System.Net;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>
/// What the proxy does to one request. Every fault is applied after the request body was read to its end, so the
/// client's connection stays usable (except where the fault is to break it). New kinds of fault are new records here
/// plus one case in <see cref="FaultInjectingProxy"/>, or a <see cref="BodyFault"/> in its own file when the fault is
/// in how the server's answer is relayed; rule matching does not change.
/// </summary>
public abstract record ProxyFault
{
    /// <summary>Forward the request to the server and relay its answer unchanged.</summary>
    public static ProxyFault PassThrough { get; } = new Forward();

    /// <summary>S3's answer to an overloaded bucket.</summary>
    public static ProxyFault SlowDown { get; } = new ErrorStatus(HttpStatusCode.ServiceUnavailable, "SlowDown");

    /// <summary>S3's answer to an internal failure.</summary>
    public static ProxyFault InternalError { get; } = new ErrorStatus(HttpStatusCode.InternalServerError, "InternalError");

    /// <summary>S3's answer to a request it refuses for good.</summary>
    public static ProxyFault AccessDenied { get; } = new ErrorStatus(HttpStatusCode.Forbidden, "AccessDenied");

    /// <summary>S3's answer to a part, complete or abort for an upload it does not know (completed or aborted already).</summary>
    public static ProxyFault NoSuchUpload { get; } = new ErrorStatus(HttpStatusCode.NotFound, "NoSuchUpload");

    /// <summary>S3's answer to CompleteMultipartUpload when a part other than the last is below 5 MiB.</summary>
    public static ProxyFault EntityTooSmall { get; } = new ErrorStatus(HttpStatusCode.BadRequest, "EntityTooSmall");

    /// <summary>S3's way of failing a CompleteMultipartUpload it already started answering: 200 OK, then an
    /// <c>&lt;Error&gt;</c> body.</summary>
    public static ProxyFault ErrorIn200 { get; } = new ErrorStatus(HttpStatusCode.OK, "InternalError");

    /// <summary>Forward untouched.</summary>
    public sealed record Forward : ProxyFault;

    /// <summary>Answer this status with an S3 XML error body, without reaching the server.</summary>
    public sealed record ErrorStatus(HttpStatusCode Code, string ErrorCode) : ProxyFault;

    /// <summary>Abort the connection without an answer (the client sees a reset or an early end).</summary>
    public sealed record ResetConnection : ProxyFault;

    /// <summary>Read only the first <paramref name="AfterBytes"/> bytes of the request body, then abort the connection:
    /// a reset while the client is still sending (an upload's part).</summary>
    public sealed record ResetDuringRequestBody(long AfterBytes) : ProxyFault;

    /// <summary>Read only the first <paramref name="AfterBytes"/> bytes of the request body, then read no more and never
    /// answer, keeping the connection open (no reset, no FIN) until the client gives up: the client's send stalls once
    /// the connection's buffers are full. <paramref name="Stalled"/>, when given, is completed once the bytes are read.</summary>
    public sealed record StallDuringRequestBody(long AfterBytes, TaskCompletionSource? Stalled = null) : ProxyFault;

    /// <summary>Never answer: hold the request (its headers never come back) until the client gives up or the proxy
    /// stops. <paramref name="Arrived"/>, when given, is completed when the request is held, so a test can act at
    /// exactly that stage (cancel, say).</summary>
    public sealed record Hold(TaskCompletionSource? Arrived = null) : ProxyFault;

    /// <summary>Run <paramref name="Action"/> when the request arrives (overwrite or delete the object, say), then
    /// forward it: the server answers as it would after that change.</summary>
    public sealed record RunBefore(Func<Task> Action) : ProxyFault;
}
