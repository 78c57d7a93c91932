using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Relays the whole body, <paramref name="PieceBytes"/> at a time with a pause of <paramref name="Interval"/>
/// before each piece: a slow connection that never stops making progress.</summary>
public sealed record DripBody(int PieceBytes, TimeSpan Interval) : BodyFault
{
    public override async Task RelayBodyAsync(Stream source, HttpContext context, CancellationToken cancellationToken)
    {
        while (true)
        {
            await Task.Delay(Interval, cancellationToken);
            if (await BodyCopy.CopyAsync(source, context.Response, PieceBytes, cancellationToken) < PieceBytes)
            {
                return;
            }
        }
    }
}
