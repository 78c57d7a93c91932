using System.Buffers;
using System.Globalization;
using System.IO.Pipelines;
using System.Text;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>
/// Decodes an <c>aws-chunked</c> body (<c>hex-size[;chunk-signature=..]\r\n data \r\n ... 0\r\n trailers \r\n\r\n</c>)
/// into storage, and returns the trailer headers (e.g. <c>x-amz-checksum-crc32</c>). Signatures are not checked.
/// </summary>
internal static class AwsChunkedDecoder
{
    private const int MaxLineLength = 16 * 1024;

    public static async Task<List<KeyValuePair<string, string>>> DecodeAsync(
        PipeReader reader,
        SegmentedBufferBuilder destination,
        CancellationToken cancellationToken)
    {
        var trailers = new List<KeyValuePair<string, string>>();
        while (true)
        {
            string header = await ReadLineAsync(reader, cancellationToken)
                ?? throw new InvalidDataException("The aws-chunked body ended before its final chunk.");
            long size = ParseChunkSize(header);
            if (size == 0)
            {
                break;
            }

            await CopyAsync(reader, destination, size, cancellationToken);
            string? end = await ReadLineAsync(reader, cancellationToken);
            if (end is null || end.Length != 0)
            {
                throw new InvalidDataException("An aws-chunked chunk was not followed by CRLF.");
            }
        }

        // Trailers follow the last chunk, one per line, up to an empty line (or the end of the body).
        while (await ReadLineAsync(reader, cancellationToken) is { Length: > 0 } line)
        {
            int colon = line.IndexOf(':', StringComparison.Ordinal);
            if (colon > 0)
            {
                trailers.Add(new(line[..colon].Trim().ToLowerInvariant(), line[(colon + 1)..].Trim()));
            }
        }

        return trailers;
    }

    private static long ParseChunkSize(string header)
    {
        int semicolon = header.IndexOf(';', StringComparison.Ordinal);
        ReadOnlySpan<char> hex = (semicolon < 0 ? header.AsSpan() : header.AsSpan(0, semicolon)).Trim();
        if (!long.TryParse(hex, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out long size) || size < 0)
        {
            throw new InvalidDataException("Invalid aws-chunked chunk header.");
        }

        return size;
    }

    private static async Task CopyAsync(
        PipeReader reader,
        SegmentedBufferBuilder destination,
        long count,
        CancellationToken cancellationToken)
    {
        while (count > 0)
        {
            ReadResult result = await reader.ReadAsync(cancellationToken);
            ReadOnlySequence<byte> buffer = result.Buffer;
            ReadOnlySequence<byte> taken = buffer.Slice(0, Math.Min(count, buffer.Length));
            foreach (ReadOnlyMemory<byte> segment in taken)
            {
                destination.Write(segment.Span);
            }

            count -= taken.Length;
            reader.AdvanceTo(taken.End);
            if (count > 0 && result.IsCompleted)
            {
                throw new InvalidDataException("The aws-chunked body ended inside a chunk.");
            }
        }
    }

    /// <summary>Reads one CRLF-terminated line without its terminator; <see langword="null"/> at the end of the body.</summary>
    private static async Task<string?> ReadLineAsync(PipeReader reader, CancellationToken cancellationToken)
    {
        while (true)
        {
            ReadResult result = await reader.ReadAsync(cancellationToken);
            ReadOnlySequence<byte> buffer = result.Buffer;
            SequencePosition? newline = buffer.PositionOf((byte)'\n');
            if (newline is SequencePosition position)
            {
                string line = Encoding.ASCII.GetString(buffer.Slice(0, position)).TrimEnd('\r');
                reader.AdvanceTo(buffer.GetPosition(1, position));
                return line;
            }

            if (result.IsCompleted)
            {
                string rest = Encoding.ASCII.GetString(buffer);
                reader.AdvanceTo(buffer.End);
                return rest.Length == 0 ? null : rest;
            }

            if (buffer.Length > MaxLineLength)
            {
                throw new InvalidDataException("An aws-chunked header line is too long.");
            }

            reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }
}
