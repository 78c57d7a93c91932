using System.Buffers;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Buffering;

namespace S3TransferManager.Benchmarks.Buffering;

/// <summary>
/// Buffers one 8 MiB part from a network-like source, then reads it out: 64 KiB pooled chunks
/// (<see cref="ChunkedBufferStream"/>) against one contiguous pooled 8 MiB array, the design the AWS SDK left.
/// </summary>
[MemoryDiagnoser]
public class ChunkedVsContiguousBenchmark
{
    private const int PartSize = 8 * 1024 * 1024;

    private NetworkLikeStream _source = null!;
    private byte[] _readBuffer = null!;

    /// <summary>The most bytes one read of the source returns (a socket hands out 16-64 KiB at a time).</summary>
    [Params(16 * 1024, 64 * 1024)]
    public int SourceReadSize { get; set; }

    /// <summary>The size of the consumer's reads.</summary>
    [Params(64 * 1024, 1024 * 1024)]
    public int ReadSize { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var data = new byte[PartSize];
        new Random(1).NextBytes(data);
        _source = new NetworkLikeStream(data, SourceReadSize);
        _readBuffer = new byte[ReadSize];
    }

    [Benchmark(Baseline = true)]
    public async Task<long> Contiguous()
    {
        _source.Rewind();
        byte[] part = ArrayPool<byte>.Shared.Rent(PartSize);
        try
        {
            int filled = 0;
            int read;
            while (filled < PartSize && (read = await _source.ReadAsync(part.AsMemory(filled, PartSize - filled))) > 0)
            {
                filled += read;
            }

            long total = 0;
            for (int position = 0; position < filled; position += read)
            {
                read = Math.Min(_readBuffer.Length, filled - position);
                part.AsSpan(position, read).CopyTo(_readBuffer);
                total += read;
            }

            return total;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(part);
        }
    }

    /// <summary>The library's default: chunks from <see cref="ChunkPool.Default"/>.</summary>
    [Benchmark]
    public Task<long> Chunked() => FillAndReadAsync(pool: null);

    /// <summary>Chunks from <see cref="ArrayPool{T}.Shared"/>, which keeps too few 64 KiB arrays for a whole part.</summary>
    [Benchmark]
    public Task<long> ChunkedFromSharedArrayPool() => FillAndReadAsync(ArrayPool<byte>.Shared);

    private async Task<long> FillAndReadAsync(ArrayPool<byte>? pool)
    {
        _source.Rewind();
        using var part = new ChunkedBufferStream(pool, expectedLength: PartSize);
        await part.FillFromAsync(_source, PartSize, CancellationToken.None);

        long total = 0;
        int read;
        while ((read = part.Read(_readBuffer)) > 0)
        {
            total += read;
        }

        return total;
    }
}
