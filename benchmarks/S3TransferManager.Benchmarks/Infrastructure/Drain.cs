using System.IO.Pipelines;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>Read-and-discard loops for streams and pipes.</summary>
public static class Drain
{
    /// <summary>Reads <paramref name="stream"/> to the end; throws unless it gave <paramref name="expected"/> bytes.</summary>
    public static async Task<long> StreamAsync(Stream stream, byte[] buffer, long expected)
    {
        long total = 0;
        int read;
        while ((read = await stream.ReadAsync(buffer.AsMemory())) > 0)
        {
            total += read;
        }

        return Check(total, expected);
    }

    /// <summary>Reads <paramref name="reader"/> to completion; throws unless it gave <paramref name="expected"/> bytes.</summary>
    public static async Task<long> PipeAsync(PipeReader reader, long expected)
    {
        long total = 0;
        while (true)
        {
            ReadResult result = await reader.ReadAsync();
            total += result.Buffer.Length;
            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                break;
            }
        }

        await reader.CompleteAsync();
        return Check(total, expected);
    }

    /// <summary>Throws unless <paramref name="total"/> equals <paramref name="expected"/>: a short read must not pass as fast.</summary>
    public static long Check(long total, long expected) =>
        total == expected ? total : throw new InvalidOperationException($"Read {total} bytes, expected {expected}.");
}
