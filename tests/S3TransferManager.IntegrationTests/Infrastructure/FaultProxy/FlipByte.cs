using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Relays the whole body with the byte at <paramref name="Offset"/> (from the start of this body) inverted:
/// corruption on the way that no length or range check can see.</summary>
public sealed record FlipByte(long Offset) : BodyFault
{
    public override Task RelayBodyAsync(Stream source, HttpContext context, CancellationToken cancellationToken) =>
        BodyCopy.CopyAsync(source, context.Response, limit: null, cancellationToken, (piece, at) =>
        {
            if (Offset >= at && Offset < at + piece.Length)
            {
                piece.Span[(int)(Offset - at)] ^= 0xFF;
            }
        });
}
