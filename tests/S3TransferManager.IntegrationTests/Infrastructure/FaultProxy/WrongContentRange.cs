using System.Globalization;
using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Relays the answer with its Content-Range moved by <paramref name="Shift"/> bytes (same length and total):
/// a server or cache that answers a range with the wrong bytes and says so.</summary>
public sealed record WrongContentRange(long Shift) : BodyFault
{
    public override void EditHeaders(HttpResponse response)
    {
        // bytes START-END/TOTAL
        string range = response.Headers.ContentRange.ToString();
        string[] parts = range["bytes ".Length..].Split('-', '/');
        long start = long.Parse(parts[0], CultureInfo.InvariantCulture) + Shift;
        long end = long.Parse(parts[1], CultureInfo.InvariantCulture) + Shift;
        response.Headers.ContentRange = string.Create(CultureInfo.InvariantCulture, $"bytes {start}-{end}/{parts[2]}");
    }

    public override Task RelayBodyAsync(Stream source, HttpContext context, CancellationToken cancellationToken) =>
        BodyCopy.CopyAsync(source, context.Response, limit: null, cancellationToken);
}
