using System.Net;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>
/// What the proxy does to one request. Every fault is applied after the request body was read to its end, so the
/// client's connection stays usable (except where the fault is to break it). New kinds of fault are new records here
/// plus one case in <see cref="FaultInjectingProxy"/>; rule matching does not change.
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

    /// <summary>Forward untouched.</summary>
    public sealed record Forward : ProxyFault;

    /// <summary>Answer this status with an S3 XML error body, without reaching the server.</summary>
    public sealed record ErrorStatus(HttpStatusCode Code, string ErrorCode) : ProxyFault;

    /// <summary>Abort the connection without an answer (the client sees a reset or an early end).</summary>
    public sealed record ResetConnection : ProxyFault;
}
