using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Relays the first <paramref name="AfterBytes"/> bytes and ends the answer cleanly: the Content-Length is
/// dropped (the body goes chunked), so the client sees a well-formed end of body, just too early. Unlike a reset, no
/// transport error tells it anything went wrong.</summary>
public sealed record TruncateBody(long AfterBytes) : BodyFault
{
    public override void EditHeaders(HttpResponse response) => response.ContentLength = null;

    public override Task RelayBodyAsync(Stream source, HttpContext context, CancellationToken cancellationToken) =>
        BodyCopy.CopyAsync(source, context.Response, AfterBytes, cancellationToken);
}
