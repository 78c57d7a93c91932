using System.Buffers;
using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

/// <summary>Hands out one 64 KiB array for every rent, so huge streams cost no memory.</summary>
internal sealed class SingleArrayPool : ArrayPool<byte>
{
    public byte[] Array { get; } = new byte[ChunkedBufferStream.ChunkSize];

    public int RentCount { get; private set; }

    public override byte[] Rent(int minimumLength)
    {
        RentCount++;
        return Array;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
    }
}
