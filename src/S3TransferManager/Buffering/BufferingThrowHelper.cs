using System.Diagnostics.CodeAnalysis;

namespace S3TransferManager.Buffering;

/// <summary>Out-of-line throws for the buffering types, so their hot paths stay small enough to inline.</summary>
internal static class BufferingThrowHelper
{
    [DoesNotReturn]
    public static void ThrowObjectDisposed(object instance) =>
        throw new ObjectDisposedException(instance.GetType().Name);

    [DoesNotReturn]
    public static void ThrowSeekOutOfRange(long position, long length) =>
        throw new ArgumentOutOfRangeException(
            nameof(position), position, $"The position must be between 0 and the written length ({length}).");

    [DoesNotReturn]
    public static void ThrowNotSupported(string message) => throw new NotSupportedException(message);

    [DoesNotReturn]
    public static void ThrowPartOutOfRange(int partNumber, int partCount) =>
        throw new ArgumentOutOfRangeException(
            nameof(partNumber), partNumber, $"The part number must be between 1 and {partCount}.");

    [DoesNotReturn]
    public static void ThrowPartAlreadyRead(int partNumber, int nextPart) =>
        throw new InvalidOperationException(
            $"Part {partNumber} was delivered after the reader moved past it (next part to read: {nextPart}).");

    [DoesNotReturn]
    public static void ThrowPartDeliveredTwice(int partNumber) =>
        throw new InvalidOperationException($"Part {partNumber} was delivered twice.");

    [DoesNotReturn]
    public static void ThrowStopped(int partNumber) =>
        throw new OperationCanceledException(
            $"The part buffer was disposed or failed; part {partNumber} is no longer needed.");

    [DoesNotReturn]
    public static void ThrowSecondReader(string firstOwner, string secondOwner) =>
        throw new InvalidOperationException(
            $"This download is already read through its {firstOwner}; it cannot also be read through {secondOwner}. " +
            "Read either the ResponseStream or the PipeReader of one response, once.");
}
