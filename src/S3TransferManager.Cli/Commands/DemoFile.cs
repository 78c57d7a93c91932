using System.Buffers;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace S3TransferManager.Cli.Commands;

/// <summary>The demo's data: a file of pseudo-random bytes, hashed as it is written, and a hash of a file read back.</summary>
internal static class DemoFile
{
    private const int ChunkSize = 64 * 1024;

    public static async Task<byte[]> WriteAsync(string path, long size, Action<long, long> report, CancellationToken token)
    {
        // Pseudo-random bytes, not zeros: nothing on the way (compression, dedup) gets an easy ride. Seeded for
        // repeatability. Not System.Random: seeded, it runs its legacy generator at ~160 MB/s, which made generating
        // the demo's 1 GiB take longer than uploading it.
        ulong state = 0x9E3779B97F4A7C15;
        using var sha = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        byte[] buffer = ArrayPool<byte>.Shared.Rent(ChunkSize);
        try
        {
            await using var file = new FileStream(path, FileMode.CreateNew, FileAccess.Write, FileShare.None, 0, FileOptions.Asynchronous);
            for (long written = 0; written < size;)
            {
                int count = (int)Math.Min(ChunkSize, size - written);
                state = Fill(buffer.AsSpan(0, ChunkSize), state);
                sha.AppendData(buffer, 0, count);
                await file.WriteAsync(buffer.AsMemory(0, count), token);
                written += count;
                report(written, size);
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }

        return sha.GetHashAndReset();
    }

    /// <summary>Fills whole 8-byte words of <paramref name="buffer"/> from an xorshift64 sequence and returns its next
    /// state: a few GB/s, and the same bytes for the same start on every machine.</summary>
    private static ulong Fill(Span<byte> buffer, ulong state)
    {
        foreach (ref ulong word in MemoryMarshal.Cast<byte, ulong>(buffer))
        {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            word = state;
        }

        return state;
    }

    public static async Task<byte[]> HashFileAsync(string path, CancellationToken token)
    {
        await using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, ChunkSize, FileOptions.Asynchronous | FileOptions.SequentialScan);
        return await SHA256.HashDataAsync(file, token);
    }
}
