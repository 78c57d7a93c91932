using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Relays the first <paramref name="AfterBytes"/> bytes of the body, then sends nothing more and keeps the
/// connection open (no reset, no FIN) until the client gives up: a dead connection as the client sees it.
/// <paramref name="Stalled"/>, when given, is completed once the bytes are out.</summary>
public sealed record StallBody(long AfterBytes, TaskCompletionSource? Stalled = null) : BodyFault
{
    public override async Task RelayBodyAsync(Stream source, HttpContext context, CancellationToken cancellationToken)
    {
        await BodyCopy.CopyAsync(source, context.Response, AfterBytes, cancellationToken);
        Stalled?.TrySetResult();
        await BodyCopy.WaitForeverAsync(cancellationToken);
    }
}
