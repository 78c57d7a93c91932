using System.Buffers;
using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

public sealed class ChunkedBufferStreamTests
{
    private const int Chunk = ChunkedBufferStream.ChunkSize;
    private const int RandomReadSizes = -1;

    public static TheoryData<int, int> SizesAndReadSizes()
    {
        var data = new TheoryData<int, int>();
        foreach (int size in new[] { 0, 1, Chunk - 1, Chunk, Chunk + 1, (3 * Chunk) + 7, (3 * 1024 * 1024) + 5 })
        {
            foreach (int readSize in new[] { 1, 7, Chunk, 1024 * 1024, RandomReadSizes })
            {
                data.Add(size, readSize);
            }
        }

        return data;
    }

    public static TheoryData<int> Sizes() => [0, 1, Chunk - 1, Chunk, Chunk + 1, (3 * Chunk) + 7, (3 * 1024 * 1024) + 5];

    [Theory]
    [MemberData(nameof(SizesAndReadSizes))]
    public void Read_AfterWrite_ReturnsWrittenBytesExactly(int size, int readSize)
    {
        byte[] expected = TestData.Bytes(size);
        using var pool = new CountingArrayPool();
        using (var stream = new ChunkedBufferStream(pool))
        {
            stream.Write(expected);

            Assert.Equal(size, stream.Length);
            Assert.Equal(expected, ReadAll(stream, readSize));
        }

        pool.AssertAllReturned();
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public async Task FillFromAsync_SourceWithShortReads_AppendsEveryByte(int size)
    {
        byte[] expected = TestData.Bytes(size);
        var random = new Random(7);
        var source = new ChunkyStream(expected, _ => random.Next(1, 20_000));
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);

        long appended = await stream.FillFromAsync(source, long.MaxValue, CancellationToken.None);

        Assert.Equal(size, appended);
        Assert.Equal(expected, ReadAll(stream, 4096));
    }

    [Fact]
    public async Task FillFromAsync_OneByteReads_AppendsEveryByte()
    {
        byte[] expected = TestData.Bytes((2 * Chunk) + 3);
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);

        await stream.FillFromAsync(new ChunkyStream(expected, 1), long.MaxValue, CancellationToken.None);

        Assert.Equal(expected, ReadAll(stream, Chunk));
    }

    [Fact]
    public async Task FillFromAsync_MaxBytesBelowSourceLength_StopsAtMaxBytes()
    {
        byte[] data = TestData.Bytes(Chunk + 100);
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);

        long appended = await stream.FillFromAsync(new ChunkyStream(data, 1000), Chunk + 1, CancellationToken.None);

        Assert.Equal(Chunk + 1, appended);
        Assert.Equal(data.AsSpan(0, Chunk + 1).ToArray(), ReadAll(stream, 333));
    }

    [Fact]
    public async Task FillFromAsync_CalledTwice_AppendsAfterExistingData()
    {
        byte[] data = TestData.Bytes(Chunk + 10);
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);
        stream.Write(data.AsSpan(0, 5));

        long appended = await stream.FillFromAsync(new ChunkyStream(data[5..], 4096), long.MaxValue, default);

        Assert.Equal(data.Length - 5, appended);
        Assert.Equal(data, ReadAll(stream, 1000));
    }

    [Fact]
    public async Task FillFromAsync_ExactChunkMultiple_RentsNoExtraChunk()
    {
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);

        await stream.FillFromAsync(new ChunkyStream(TestData.Bytes(2 * Chunk), 16 * 1024), 2 * Chunk, default);

        Assert.Equal(2, pool.RentCount);
    }

    [Fact]
    public void Write_AnySize_RentsOnlyChunkSizedArrays()
    {
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);

        stream.Write(TestData.Bytes((5 * Chunk) + 1));

        Assert.Equal(6, pool.RentCount);
        Assert.Equal(6L * Chunk, pool.OutstandingBytes);
        Assert.Empty(pool.Violations);
    }

    [Fact]
    public void Write_AfterPartialRead_DoesNotMovePosition()
    {
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);
        stream.Write(new byte[] { 1, 2, 3 });
        stream.ReadByte();

        stream.Write(new byte[] { 4, 5 });

        Assert.Equal(1, stream.Position);
        Assert.Equal(new byte[] { 2, 3, 4, 5 }, ReadAll(stream, 10));
    }

    [Fact]
    public void Seek_BackToStartAfterReadingAll_RereadsSameBytes()
    {
        byte[] expected = TestData.Bytes((2 * Chunk) + 9);
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);
        stream.Write(expected);
        ReadAll(stream, 1000);

        stream.Seek(0, SeekOrigin.Begin);

        Assert.Equal(expected, ReadAll(stream, 777));
    }

    [Theory]
    [InlineData(Chunk - 1, SeekOrigin.Begin)]
    [InlineData(-3, SeekOrigin.End)]
    [InlineData(Chunk + 1, SeekOrigin.Current)]
    public void Seek_IntoWrittenData_ReadsFromThatPosition(long offset, SeekOrigin origin)
    {
        byte[] expected = TestData.Bytes((2 * Chunk) + 9);
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);
        stream.Write(expected);

        long position = stream.Seek(offset, origin);

        Assert.Equal(expected[(int)position..], ReadAll(stream, 500));
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(11)]
    public void Position_OutsideWrittenData_Throws(long position)
    {
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);
        stream.Write(new byte[10]);

        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Position = position);
    }

    [Theory]
    [InlineData(0L, 0, 0)]
    [InlineData(65_535L, 0, 65_535)]
    [InlineData(65_536L, 1, 0)]
    [InlineData(2_147_483_647L, 32_767, 65_535)]
    [InlineData(2_147_483_648L, 32_768, 0)]
    [InlineData((5L * 1024 * 1024 * 1024) + 7, 81_920, 7)]
    public void ChunkIndexAndOffset_AnyPosition_MapToChunkAndOffset(long position, int index, int offset)
    {
        Assert.Equal(index, ChunkedBufferStream.ChunkIndex(position));
        Assert.Equal(offset, ChunkedBufferStream.ChunkOffset(position));
    }

    [Fact]
    public async Task FillFromAsync_MoreThanTwoGiB_AddressesPastIntMaxValue()
    {
        // Every chunk is the same array and the source does not copy, so 2 GiB + 3 is addressed without allocating it.
        var pool = new SingleArrayPool();
        long size = (2L * 1024 * 1024 * 1024) + 3;
        using var stream = new ChunkedBufferStream(pool, size);

        long appended = await stream.FillFromAsync(new ClaimingStream(), size, default);
        pool.Array[2] = 0xAB; // the last byte, at 2 GiB + 2, sits at offset 2 of chunk 32,768
        stream.Position = size - 1;
        int last = stream.ReadByte();

        Assert.Equal(size, appended);
        Assert.Equal(size, stream.Length);
        Assert.Equal(0xAB, last);
        Assert.Equal(32_769, pool.RentCount);
    }

    [Fact]
    public void Dispose_AfterWrites_ReturnsEveryChunkOnce()
    {
        using var pool = new CountingArrayPool();
        var stream = new ChunkedBufferStream(pool);
        stream.Write(TestData.Bytes((3 * Chunk) + 7));

        stream.Dispose();

        pool.AssertAllReturned();
        Assert.Equal(4, pool.ReturnCount);
    }

    [Fact]
    public void Dispose_Twice_ReturnsChunksOnlyOnce()
    {
        using var pool = new CountingArrayPool();
        var stream = new ChunkedBufferStream(pool);
        stream.Write(TestData.Bytes(Chunk + 1));

        stream.Dispose();
        stream.Dispose();

        pool.AssertAllReturned();
        Assert.Equal(2, pool.ReturnCount);
    }

    [Fact]
    public void Read_AfterDispose_ThrowsObjectDisposed()
    {
        using var pool = new CountingArrayPool();
        var stream = new ChunkedBufferStream(pool);
        stream.Write(new byte[10]);
        stream.Dispose();

        Assert.Throws<ObjectDisposedException>(() => stream.Read(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => stream.Length);
        Assert.False(stream.CanRead);
    }

    [Fact]
    public async Task ReadAsync_DataInMemory_CompletesSynchronously()
    {
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);
        stream.Write(new byte[100]);

        ValueTask<int> read = stream.ReadAsync(new byte[64]);

        Assert.True(read.IsCompletedSuccessfully);
        Assert.Equal(64, await read);
    }

    [Fact]
    public async Task CopyToAsync_FromMiddle_WritesRemainingBytes()
    {
        byte[] expected = TestData.Bytes((3 * Chunk) + 7);
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);
        stream.Write(expected);
        stream.Position = 100;
        using var destination = new MemoryStream();

        await stream.CopyToAsync(destination);

        Assert.Equal(expected[100..], destination.ToArray());
        Assert.Equal(expected.Length, stream.Position);
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void AsReadOnlySequence_AfterWrite_HoldsWrittenBytes(int size)
    {
        byte[] expected = TestData.Bytes(size);
        using var pool = new CountingArrayPool();
        using var stream = new ChunkedBufferStream(pool);
        stream.Write(expected);

        ReadOnlySequence<byte> sequence = stream.AsReadOnlySequence();

        Assert.Equal(size, sequence.Length);
        Assert.Equal(expected, sequence.ToArray());
    }

    private static byte[] ReadAll(Stream stream, int readSize)
    {
        var random = new Random(readSize);
        var output = new MemoryStream();
        var buffer = new byte[readSize == RandomReadSizes ? 200_000 : readSize];
        while (true)
        {
            int size = readSize == RandomReadSizes ? random.Next(1, buffer.Length) : readSize;
            int read = stream.Read(buffer, 0, size);
            if (read == 0)
            {
                return output.ToArray();
            }

            output.Write(buffer, 0, read);
        }
    }
}
