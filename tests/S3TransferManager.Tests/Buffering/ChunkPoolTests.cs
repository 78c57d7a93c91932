using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

public sealed class ChunkPoolTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(65_536)]
    public void Rent_UpToChunkSize_ReturnsExactChunk(int minimumLength)
    {
        var pool = new ChunkPool(4);

        Assert.Equal(65_536, pool.Rent(minimumLength).Length);
    }

    [Fact]
    public void Rent_MoreThanChunkSize_Throws()
    {
        var pool = new ChunkPool(4);

        Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(65_537));
    }

    [Fact]
    public void Rent_AfterReturn_ReusesTheChunk()
    {
        var pool = new ChunkPool(4);
        byte[] chunk = pool.Rent(65_536);
        pool.Return(chunk);

        Assert.Same(chunk, pool.Rent(65_536));
    }

    [Fact]
    public void Return_BeyondCapacity_DropsTheChunk()
    {
        var pool = new ChunkPool(1);
        byte[] first = pool.Rent(1);
        byte[] second = pool.Rent(1);

        pool.Return(first);
        pool.Return(second);

        Assert.Equal(1, pool.FreeCount);
    }

    [Fact]
    public void Return_ForeignArray_Throws()
    {
        var pool = new ChunkPool(4);

        Assert.Throws<ArgumentException>(() => pool.Return(new byte[100]));
    }

    [Fact]
    public void Trim_ChunksUnusedSinceLastTrim_AreDropped()
    {
        var pool = new ChunkPool(8);
        byte[][] chunks = [.. Enumerable.Range(0, 4).Select(_ => pool.Rent(1))];
        foreach (byte[] chunk in chunks)
        {
            pool.Return(chunk);
        }

        pool.Trim();
        pool.Return(pool.Rent(1)); // one chunk in use between trims: the other three stayed idle
        pool.Trim();

        Assert.Equal(1, pool.FreeCount);
    }
}
