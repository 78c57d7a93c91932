using S3TransferManager.Cli.Commands;

namespace S3TransferManager.Cli.Tests;

public sealed class EndObservingStreamTests
{
    [Fact]
    public async Task ReadAsync_ToTheEnd_ReportsTheLengthOnce()
    {
        var ends = new List<long>();
        await using var stream = new EndObservingStream(new NonSeekableStream(TestData.Bytes(200_000), maxRead: 65_536), ends.Add);
        byte[] buffer = new byte[100_000];

        long read = 0;
        int count;
        while ((count = await stream.ReadAsync(buffer)) > 0)
        {
            read += count;
        }

        int afterTheEnd = await stream.ReadAsync(buffer);
        Assert.Equal(0, afterTheEnd);
        Assert.Equal(200_000L, read);
        Assert.Equal([200_000L], ends);
    }

    [Fact]
    public void Read_EmptyBuffer_IsNotTheEnd()
    {
        var ends = new List<long>();
        using var stream = new EndObservingStream(new NonSeekableStream(TestData.Bytes(10)), ends.Add);

        stream.ReadExactly(Span<byte>.Empty);

        Assert.Empty(ends);
    }
}
