using System.IO.Pipelines;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>Read-and-discard loops for streams and pipes.</summary>
public static class Drain
{
    public static async Task<long> StreamAsync(Stream stream, byte[] buffer)
    {
        long total = 0;
        int read;
        while ((read = await stream.ReadAsync(buffer.AsMemory())) > 0)
        {
            total += read;
        }

        return total;
    }

    public static async Task<long> PipeAsync(PipeReader reader)
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
        return total;
    }
}
