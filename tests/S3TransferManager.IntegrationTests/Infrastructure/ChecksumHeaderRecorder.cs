using System.Collections.Concurrent;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// Records the x-amz-checksum-* headers of every UploadPart answer, keyed by part number. moto echoes the checksum the
/// client sent with each part (header or aws-chunked trailer), so this shows what the library asked S3 to verify.
/// </summary>
public sealed class ChecksumHeaderRecorder() : DelegatingHandler(new SocketsHttpHandler())
{
    public ConcurrentDictionary<int, string> PartChecksums { get; } = new();

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        HttpResponseMessage response = await base.SendAsync(request, cancellationToken);
        string query = request.RequestUri!.Query;
        int at = query.IndexOf("partNumber=", StringComparison.Ordinal);
        if (request.Method == HttpMethod.Put && at >= 0)
        {
            string number = new(query[(at + "partNumber=".Length)..].TakeWhile(char.IsAsciiDigit).ToArray());
            foreach (var header in response.Headers.Where(h => h.Key.StartsWith("x-amz-checksum-", StringComparison.OrdinalIgnoreCase)
                && !h.Key.Equals("x-amz-checksum-type", StringComparison.OrdinalIgnoreCase)))
            {
                PartChecksums[int.Parse(number, System.Globalization.CultureInfo.InvariantCulture)] = header.Value.Single();
            }
        }

        return response;
    }
}
