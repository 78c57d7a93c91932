using System.Buffers;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary>Streams an object through OpenStream into stdout, counting bytes for the progress display.</summary>
internal static class StreamToOutput
{
    private const int ChunkSize = 64 * 1024;

    public static async Task<(TransferUtilityOpenStreamResponse Response, long Bytes)> CopyAsync(CliSettings settings,
        CliConsole console, TransferUtility utility, S3Location source, string label, CancellationToken token)
    {
        TransferUtilityOpenStreamRequest request = TransferRequests.OpenStream(settings, source.Bucket, source.Key);
        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(request, token);
        long bytes = await ProgressDisplay.RunAsync(console, settings, ProgressKind.Download, label, response.ContentLength,
            progress => CopyAsync(response.ResponseStream, console.Out, progress.Report, response.ContentLength, token));
        await console.Out.FlushAsync(token);
        return (response, bytes);
    }

    /// <summary>Copies <paramref name="source"/> to <paramref name="destination"/>; returns the byte count.</summary>
    public static async Task<long> CopyAsync(Stream source, Stream destination, Action<long, long> report, long total, CancellationToken token)
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(ChunkSize);
        try
        {
            long copied = 0;
            int read;
            while ((read = await source.ReadAsync(buffer.AsMemory(0, ChunkSize), token)) > 0)
            {
                await destination.WriteAsync(buffer.AsMemory(0, read), token);
                copied += read;
                report(copied, total);
            }

            return copied;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
