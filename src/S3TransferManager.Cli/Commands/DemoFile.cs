using System.Buffers;
using System.Security.Cryptography;

namespace S3TransferManager.Cli.Commands;

/// <summary>The demo's data: a file of pseudo-random bytes, hashed as it is written, and a hash of a file read back.</summary>
internal static class DemoFile
{
    private const int ChunkSize = 64 * 1024;

    public static async Task<byte[]> WriteAsync(string path, long size, Action<long, long> report, CancellationToken token)
    {
        // Random bytes, not zeros: nothing on the way (compression, dedup) gets an easy ride. Seeded for repeatability.
        var random = new Random(20261123);
        using var sha = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        byte[] buffer = ArrayPool<byte>.Shared.Rent(ChunkSize);
        try
        {
            await using var file = new FileStream(path, FileMode.CreateNew, FileAccess.Write, FileShare.None, 0, FileOptions.Asynchronous);
            for (long written = 0; written < size;)
            {
                int count = (int)Math.Min(ChunkSize, size - written);
                random.NextBytes(buffer.AsSpan(0, count));
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

    public static async Task<byte[]> HashFileAsync(string path, CancellationToken token)
    {
        await using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, ChunkSize, FileOptions.Asynchronous | FileOptions.SequentialScan);
        return await SHA256.HashDataAsync(file, token);
    }
}
