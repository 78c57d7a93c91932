using System.Collections.Concurrent;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// Records how each UploadPart request was signed: its x-amz-content-sha256 (a digest when the payload is signed,
/// UNSIGNED-PAYLOAD or a STREAMING-... mode otherwise) and its x-amz-checksum-crc32 header, with its part number, in the
/// order sent.
/// </summary>
public sealed class PayloadHashRecorder(HttpMessageHandler inner) : DelegatingHandler(inner)
{
    public ConcurrentQueue<(string? PayloadHash, string? Crc32, int PartNumber)> Parts { get; } = new();

    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (request.Method == HttpMethod.Put && request.RequestUri!.Query.Contains("partNumber=", StringComparison.Ordinal))
        {
            Parts.Enqueue((Header(request, "x-amz-content-sha256"), Header(request, "x-amz-checksum-crc32"), PartNumber(request.RequestUri.Query)));
        }

        return base.SendAsync(request, cancellationToken);
    }

    private static int PartNumber(string query) =>
        int.Parse(System.Web.HttpUtility.ParseQueryString(query)["partNumber"]!, System.Globalization.CultureInfo.InvariantCulture);

    private static string? Header(HttpRequestMessage request, string name) =>
        request.Headers.TryGetValues(name, out IEnumerable<string>? values) ? values.Single() : null;
}
