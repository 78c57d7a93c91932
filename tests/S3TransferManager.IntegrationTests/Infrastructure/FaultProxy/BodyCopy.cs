using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Copies a server's body to the client in pieces, for the body faults.</summary>
public static class BodyCopy
{
    private const int PieceSize = 16 * 1024;

    /// <summary>Copies up to <paramref name="limit"/> bytes (all when null), each piece flushed so the client sees it
    /// at once, and calls <paramref name="edit"/> on each piece with its offset in the body first. Returns the bytes
    /// copied.</summary>
    public static async Task<long> CopyAsync(Stream source, HttpResponse response, long? limit, CancellationToken cancellationToken,
        Action<Memory<byte>, long>? edit = null)
    {
        byte[] piece = new byte[PieceSize];
        long copied = 0;
        while (limit is null || copied < limit)
        {
            int want = (int)Math.Min(PieceSize, (limit ?? long.MaxValue) - copied);
            int read = await source.ReadAsync(piece.AsMemory(0, want), cancellationToken);
            if (read == 0)
            {
                break;
            }

            edit?.Invoke(piece.AsMemory(0, read), copied);
            await response.Body.WriteAsync(piece.AsMemory(0, read), cancellationToken);
            await response.Body.FlushAsync(cancellationToken);
            copied += read;
        }

        return copied;
    }

    /// <summary>Waits until the client goes away or the proxy stops; never throws for that.</summary>
    public static async Task WaitForeverAsync(CancellationToken cancellationToken) =>
        await Task.Delay(Timeout.InfiniteTimeSpan, cancellationToken).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
}
