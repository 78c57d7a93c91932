using System.Buffers;
using System.Globalization;
using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>Reads a PUT/UploadPart/POST body straight into storage, decoding <c>aws-chunked</c> when the client used it
/// (unless <c>decodeAwsChunked</c> is false: then the framing is stored as sent, as some servers do).</summary>
internal static class RequestBodyReader
{
    public static async Task<RequestBody> ReadAsync(HttpRequest request, SegmentPool pool, bool computeMd5, bool decodeAwsChunked,
        CancellationToken cancellationToken)
    {
        bool awsChunked = decodeAwsChunked && AwsChunked.IsUsedBy(request);
        long? expectedLength = awsChunked ? ParseLength(request.Headers["x-amz-decoded-content-length"]) : request.ContentLength;
        using var builder = new SegmentedBufferBuilder(pool, expectedLength, computeMd5);
        var checksums = new List<KeyValuePair<string, string>>();
        if (awsChunked)
        {
            checksums.AddRange(await AwsChunkedDecoder.DecodeAsync(request.BodyReader, builder, cancellationToken));
            if (expectedLength is long expected && expected != builder.Length)
            {
                throw new InvalidDataException("The decoded body length differs from x-amz-decoded-content-length.");
            }
        }
        else
        {
            await CopyAsync(request.BodyReader, builder, cancellationToken);
        }

        foreach (KeyValuePair<string, Microsoft.Extensions.Primitives.StringValues> header in request.Headers)
        {
            if (IsChecksumValue(header.Key))
            {
                checksums.Add(new(header.Key.ToLowerInvariant(), header.Value.ToString()));
            }
        }

        checksums.RemoveAll(static pair => !IsChecksumValue(pair.Key));
        return new RequestBody(builder.Build(), builder.GetDigest(), checksums);
    }

    /// <summary>A checksum value header, not <c>x-amz-checksum-algorithm</c>/<c>-type</c>/<c>-mode</c>.</summary>
    private static bool IsChecksumValue(string name) =>
        name.StartsWith("x-amz-checksum-", StringComparison.OrdinalIgnoreCase)
        && !name.Equals("x-amz-checksum-algorithm", StringComparison.OrdinalIgnoreCase)
        && !name.Equals("x-amz-checksum-type", StringComparison.OrdinalIgnoreCase)
        && !name.Equals("x-amz-checksum-mode", StringComparison.OrdinalIgnoreCase);

    private static long? ParseLength(string? value) =>
        long.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out long length) ? length : null;

    private static async Task CopyAsync(PipeReader reader, SegmentedBufferBuilder destination, CancellationToken cancellationToken)
    {
        while (true)
        {
            ReadResult result = await reader.ReadAsync(cancellationToken);
            foreach (ReadOnlyMemory<byte> segment in result.Buffer)
            {
                destination.Write(segment.Span);
            }

            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                return;
            }
        }
    }
}
