using Microsoft.Win32.SafeHandles;
using S3TransferManager.Buffering;

namespace S3TransferManager.Upload;

/// <summary>Parts of a file, each a <see cref="FileRegionStream"/> at its offset: nothing is read until S3 asks.</summary>
internal sealed class FilePartSource(SafeFileHandle handle, long length, long partSize) : IPartSource
{
    private int _lastPart;

    public long TotalLength => length;

    public bool BuffersParts => false;

    public ValueTask<PartBody?> ReadNextAsync(CancellationToken cancellationToken)
    {
        long start = _lastPart * partSize;
        if (start >= length)
        {
            return ValueTask.FromResult<PartBody?>(null);
        }

        _lastPart++;
        long size = Math.Min(partSize, length - start);
        return ValueTask.FromResult<PartBody?>(new PartBody(_lastPart, new FileRegionStream(handle, start, size), size));
    }
}
