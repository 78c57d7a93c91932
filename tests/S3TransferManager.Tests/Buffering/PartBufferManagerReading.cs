using System.Runtime.CompilerServices;
using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

/// <summary>Lets the manager's tests read through the manager's one reader as if the manager read itself: the first
/// read opens the reader, later reads reuse it.</summary>
internal static class PartBufferManagerReading
{
    private static readonly ConditionalWeakTable<PartBufferManager, PartReader> s_readers = [];

    public static PartReader Reader(this PartBufferManager manager) => s_readers.GetValue(manager, m => m.OpenReader("test"));

    public static ValueTask<int> ReadAsync(this PartBufferManager manager, Memory<byte> buffer, CancellationToken cancellationToken) =>
        manager.Reader().ReadAsync(buffer, cancellationToken);
}
