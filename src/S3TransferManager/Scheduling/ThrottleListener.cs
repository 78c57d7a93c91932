using System.Diagnostics.Metrics;
using Amazon.S3;

namespace S3TransferManager.Scheduling;

/// <summary>
/// Sees every HTTP response 503 (SlowDown) or 429 from the S3 endpoint, retries included, through the HTTP client's own
/// metrics (the <c>System.Net.Http</c> meter's <c>http.client.request.duration</c>, recorded once per attempt with its
/// status code and server). The AWS SDK retries throttled requests itself and reports an error only when it gives up,
/// so its exceptions would show adaptive concurrency a fraction of the throttling, late.
/// </summary>
/// <remarks>Matches by host: the client's ServiceURL host and port (and its virtual-hosted subdomains), or AWS's own
/// hosts when it has none. Throttling is per endpoint, so another utility's 503s on the same host count too, rightly.</remarks>
internal sealed class ThrottleListener : IDisposable
{
    private const string MeterName = "System.Net.Http";
    private const string InstrumentName = "http.client.request.duration";

    private readonly MeterListener _listener = new();
    private readonly string _hostSuffix;

    /// <summary>The endpoint's port; -1: any (AWS's own hosts).</summary>
    private readonly int _port;
    private readonly Action _onThrottled;

    private ThrottleListener(string hostSuffix, int port, Action onThrottled)
    {
        _hostSuffix = hostSuffix;
        _port = port;
        _onThrottled = onThrottled;
        _listener.InstrumentPublished = static (instrument, listener) =>
        {
            if (instrument.Meter.Name == MeterName && instrument.Name == InstrumentName)
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<double>((_, _, tags, _) => OnMeasurement(tags));
        _listener.Start();
    }

    /// <summary>Starts listening for <paramref name="client"/>'s endpoint; null when its endpoint is unknown.</summary>
    public static ThrottleListener? Start(IAmazonS3 client, Action onThrottled)
    {
        string? serviceUrl = client.Config?.ServiceURL;
        if (string.IsNullOrEmpty(serviceUrl))
        {
            return new ThrottleListener(".amazonaws.com", -1, onThrottled);
        }

        return Uri.TryCreate(serviceUrl, UriKind.Absolute, out Uri? url) ? new ThrottleListener(url.Host, url.Port, onThrottled) : null;
    }

    /// <summary>Whether a response with <paramref name="status"/> from <paramref name="host"/>:<paramref name="port"/>
    /// throttles this endpoint.</summary>
    internal bool IsThrottling(int status, string host, int port) => status is 503 or 429
        && (_port < 0 || port == _port)
        && (host.EndsWith(_hostSuffix, StringComparison.OrdinalIgnoreCase)
            || (_hostSuffix == ".amazonaws.com" && host.Contains(".amazonaws.com", StringComparison.OrdinalIgnoreCase)));

    public void Dispose() => _listener.Dispose();

    private void OnMeasurement(ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        int status = 0;
        int port = 0;
        string? host = null;
        foreach (KeyValuePair<string, object?> tag in tags)
        {
            if (tag.Key == "http.response.status_code" && tag.Value is int code)
            {
                status = code;
            }
            else if (tag.Key == "server.port" && tag.Value is int number)
            {
                port = number;
            }
            else if (tag.Key == "server.address")
            {
                host = tag.Value as string;
            }
        }

        if (host is not null && IsThrottling(status, host, port))
        {
            _onThrottled();
        }
    }
}
