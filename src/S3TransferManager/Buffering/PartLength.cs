using System.Runtime.CompilerServices;

namespace S3TransferManager.Buffering;

/// <summary>Checks that a part's body is exactly as long as declared: a body longer than declared is as wrong as a
/// short one, so one byte past the end is probed.</summary>
internal static class PartLength
{
    /// <summary>Reads one byte past the declared end; true when the body has more.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public static async ValueTask<bool> HasMoreAsync(Stream body, Memory<byte> probe, CancellationToken cancellationToken) =>
        await body.ReadAsync(probe[..1], cancellationToken).ConfigureAwait(false) > 0;

    /// <inheritdoc cref="HasMoreAsync(Stream, Memory{byte}, CancellationToken)"/>
    public static ValueTask<bool> HasMoreAsync(Stream body, CancellationToken cancellationToken) =>
        HasMoreAsync(body, new byte[1], cancellationToken);

    public static string MismatchMessage(int partNumber, long length, long received, bool longer) => longer
        ? $"Part {partNumber} is longer than its declared {length} bytes."
        : $"Part {partNumber} ended after {received} of its {length} bytes.";
}
