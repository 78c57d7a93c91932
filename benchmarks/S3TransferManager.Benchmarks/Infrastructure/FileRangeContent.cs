using System.Buffers;
using System.Net;
using Microsoft.Win32.SafeHandles;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>An HTTP body that sends one range of an open file through a pooled 64 KiB buffer.</summary>
public sealed class FileRangeContent : HttpContent
{
    private readonly SafeFileHandle _file;
    private readonly long _offset;
    private readonly long _length;

    public FileRangeContent(SafeFileHandle file, long offset, long length)
    {
        _file = file;
        _offset = offset;
        _length = length;
    }

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(BenchmarkSettings.ReadBufferSize);
        try
        {
            long sent = 0;
            while (sent < _length)
            {
                int want = (int)Math.Min(BenchmarkSettings.ReadBufferSize, _length - sent);
                int read = await RandomAccess.ReadAsync(_file, buffer.AsMemory(0, want), _offset + sent);
                if (read == 0)
                {
                    throw new EndOfStreamException("The file is shorter than the range.");
                }

                await stream.WriteAsync(buffer.AsMemory(0, read));
                sent += read;
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = _length;
        return true;
    }
}
