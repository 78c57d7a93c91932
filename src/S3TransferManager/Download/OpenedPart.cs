using S3TransferManager.Scheduling;

namespace S3TransferManager.Download;

/// <summary>A part of an OpenStream download ready to hand to the <c>PartBufferManager</c>: inside the window, its
/// memory reserved (none when it goes to the reader live), its request sent and its response in. Disposing it gives
/// everything back (when it was never handed over).</summary>
internal sealed class OpenedPart(ResumableRangeStream body, BufferLease? buffer) : IAsyncDisposable
{
    public ResumableRangeStream Body => body;

    public BufferLease? Buffer => buffer;

    public async ValueTask DisposeAsync()
    {
        buffer?.Dispose();
        await body.DisposeAsync().ConfigureAwait(false);
    }
}
