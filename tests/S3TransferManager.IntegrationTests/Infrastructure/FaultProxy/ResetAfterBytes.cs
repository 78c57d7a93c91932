using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>
/// Relays the first <paramref name="AfterBytes"/> bytes of the body, then aborts the connection (RST). The reset can
/// overtake the bytes: the client's TCP stack drops what it received but had not read yet, sometimes the response
/// headers too, so the client sees either a request that failed (which the SDK retries) or a body that broke off.
/// Use it where both must end the same way; <see cref="CloseAfterBytes"/> breaks the body for certain.
/// </summary>
public sealed record ResetAfterBytes(long AfterBytes) : BodyFault
{
    public override async Task RelayBodyAsync(Stream source, HttpContext context, CancellationToken cancellationToken)
    {
        await BodyCopy.CopyAsync(source, context.Response, AfterBytes, cancellationToken);
        context.Abort();
    }
}
