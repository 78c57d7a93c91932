using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>
/// A fault in the server's answer rather than instead of it: the request is forwarded, the server's status and headers
/// are relayed (after <see cref="EditHeaders"/>), and the fault decides how the body reaches the client.
/// </summary>
public abstract record BodyFault : ProxyFault
{
    /// <summary>Changes the relayed headers before the answer starts; nothing by default.</summary>
    public virtual void EditHeaders(HttpResponse response)
    {
    }

    /// <summary>How long the answer is held before its first byte: a server whose cost is per request (moto reads the
    /// whole object for every GET) answers late and then streams fast. None by default.</summary>
    public TimeSpan AnswerAfter { get; init; }

    /// <summary>Waits <see cref="AnswerAfter"/>, before the answer starts.</summary>
    public Task BeforeAnswerAsync(CancellationToken cancellationToken) =>
        AnswerAfter > TimeSpan.Zero ? Task.Delay(AnswerAfter, cancellationToken) : Task.CompletedTask;

    /// <summary>Relays (some of) <paramref name="source"/>, the server's body, to the client.</summary>
    /// <param name="source">The server's body.</param>
    /// <param name="context">The client's exchange: its response body, and <see cref="HttpContext.Abort"/> to reset.</param>
    /// <param name="cancellationToken">Ends when the client goes away or the proxy stops.</param>
    public abstract Task RelayBodyAsync(Stream source, HttpContext context, CancellationToken cancellationToken);
}
