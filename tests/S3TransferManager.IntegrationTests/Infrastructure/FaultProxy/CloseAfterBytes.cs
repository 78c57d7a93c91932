using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>
/// Relays the first <paramref name="AfterBytes"/> bytes of the body and ends the answer there, short of its
/// Content-Length: Kestrel then closes the connection (FIN) once those bytes are sent, since the client cannot know
/// where the body ends otherwise. The client reads the bytes and then an error ("the response ended prematurely"), as
/// when a load balancer drops a connection mid-body. Not an abort (RST): on a reset the client's TCP stack may drop
/// bytes it received but had not read yet, the response headers included, which would make the case a failed request
/// instead of a broken body, at random.
/// </summary>
public sealed record CloseAfterBytes(long AfterBytes) : BodyFault
{
    public override Task RelayBodyAsync(Stream source, HttpContext context, CancellationToken cancellationToken) =>
        BodyCopy.CopyAsync(source, context.Response, AfterBytes, cancellationToken);
}
