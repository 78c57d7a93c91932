using System.IO.Pipelines;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>Reads a stream or pipe to its end in a chosen pattern of read sizes.</summary>
public static class StreamReading
{
    /// <summary>"1", "7", "65536", "1048576": fixed async reads of that size; "random": async reads of random sizes;
    /// "sync": synchronous 64 KiB reads.</summary>
    public static async Task<byte[]> ReadAllAsync(Stream stream, string pattern)
    {
        using var output = new MemoryStream();
        var random = new Random(42);
        byte[] buffer = new byte[1024 * 1024];
        while (true)
        {
            int size = pattern switch
            {
                "random" => random.Next(1, 200_000),
                "sync" => 64 * 1024,
                _ => int.Parse(pattern, System.Globalization.CultureInfo.InvariantCulture),
            };
            int read = pattern == "sync" ? stream.Read(buffer, 0, size) : await stream.ReadAsync(buffer.AsMemory(0, size));
            if (read == 0)
            {
                return output.ToArray();
            }

            output.Write(buffer, 0, read);
        }
    }

    public static async Task<byte[]> ReadAllAsync(PipeReader reader)
    {
        using var output = new MemoryStream();
        while (true)
        {
            ReadResult result = await reader.ReadAsync();
            foreach (ReadOnlyMemory<byte> segment in result.Buffer)
            {
                output.Write(segment.Span);
            }

            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                return output.ToArray();
            }
        }
    }
}
