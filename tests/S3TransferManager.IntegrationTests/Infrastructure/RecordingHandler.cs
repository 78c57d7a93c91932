using System.Collections.Concurrent;
using System.Net;
using System.Text;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// Sits between the AWS SDK and the network: records every request (method, Range, If-Match), counts how many are in
/// flight (until their body is finished or disposed), and applies faults chosen by a rule.
/// </summary>
public sealed class RecordingHandler : DelegatingHandler
{
    private readonly ConcurrentQueue<RequestRecord> _requests = new();
    private int _count;
    private int _inFlight;
    private int _maxInFlight;

    /// <summary>Completed when the requests in flight come down to none (see <see cref="InFlightAfterUnwindingAsync"/>).</summary>
    private TaskCompletionSource? _drained;

    public RecordingHandler()
        : base(new SocketsHttpHandler { MaxConnectionsPerServer = 64, PooledConnectionLifetime = TimeSpan.FromMinutes(5) })
    {
    }

    /// <summary>Chooses a fault for a request (or null to pass it through). Runs once per request.</summary>
    public Func<RequestRecord, Fault?>? FaultRule { get; set; }

    /// <summary>Called when a request's response body is finished (read to its end, or disposed).</summary>
    public Action<RequestRecord>? OnFinished { get; set; }

    public IReadOnlyList<RequestRecord> Requests => [.. _requests.OrderBy(r => r.Index)];

    /// <summary>The GETs only: downloads also send one HEAD for the stored checksum, alongside the parts.</summary>
    public IReadOnlyList<RequestRecord> Gets => [.. Requests.Where(r => r.IsGet)];

    public int MaxInFlight => Volatile.Read(ref _maxInFlight);

    public int InFlight => Volatile.Read(ref _inFlight);

    /// <summary>The requests still in flight once none is, or once <paramref name="bound"/> has passed. A request the
    /// transfer cancelled unwinds on its own continuation, which may run just after the transfer returned; one that was
    /// never cancelled stays in flight, and is still counted when the bound has passed.</summary>
    public async Task<int> InFlightAfterUnwindingAsync(TimeSpan bound)
    {
        // Set before the count is read: a release that brings it to zero after the read completes this wait.
        var drained = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Volatile.Write(ref _drained, drained);
        if (InFlight > 0)
        {
            await drained.Task.WaitAsync(bound).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        }

        return InFlight;
    }

    public void Reset()
    {
        _requests.Clear();
        Volatile.Write(ref _maxInFlight, 0);
        FaultRule = null;
        OnFinished = null;
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var record = new RequestRecord(
            Interlocked.Increment(ref _count),
            request.Method.Method,
            request.RequestUri!,
            request.Headers.TryGetValues("Range", out var range) ? string.Join(",", range) : null,
            request.Headers.TryGetValues("If-Match", out var ifMatch) ? string.Join(",", ifMatch) : null)
        {
            Headers = HeadersOf(request),
        };
        _requests.Enqueue(record);
        Fault? fault = FaultRule?.Invoke(record);

        int now = Interlocked.Increment(ref _inFlight);
        UpdateMax(now);
        var release = new OnceAction(() =>
        {
            if (Interlocked.Decrement(ref _inFlight) == 0)
            {
                Volatile.Read(ref _drained)?.TrySetResult();
            }
            OnFinished?.Invoke(record);
        });
        try
        {
            switch (fault)
            {
                case Fault.Status status:
                    release.Run();
                    return ErrorResponse(request, status);
                case Fault.Stall stall:
                    stall.Started.TrySetResult();
                    await stall.Release.WaitAsync(cancellationToken);
                    break;
                case Fault.Before before:
                    await before.Action();
                    break;
            }

            HttpResponseMessage response = await base.SendAsync(request, cancellationToken);
            var body = new FaultingStream(await response.Content.ReadAsStreamAsync(cancellationToken), fault, release);
            var content = new StreamContent(body);
            foreach (var header in response.Content.Headers)
            {
                content.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }

            response.Content = content;
            return response;
        }
        catch
        {
            release.Run();
            throw;
        }
    }

    private static Dictionary<string, string> HeadersOf(HttpRequestMessage request)
    {
        var headers = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        IEnumerable<KeyValuePair<string, IEnumerable<string>>> all = request.Content is null
            ? request.Headers
            : request.Headers.Concat(request.Content.Headers);
        foreach (KeyValuePair<string, IEnumerable<string>> header in all)
        {
            headers[header.Key] = string.Join(",", header.Value);
        }

        return headers;
    }

    private void UpdateMax(int now)
    {
        int seen;
        while (now > (seen = Volatile.Read(ref _maxInFlight)) && Interlocked.CompareExchange(ref _maxInFlight, now, seen) != seen)
        {
        }
    }

    private static HttpResponseMessage ErrorResponse(HttpRequestMessage request, Fault.Status status)
    {
        string xml = $"<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>{status.ErrorCode}</Code><Message>injected</Message><RequestId>test</RequestId></Error>";
        return new HttpResponseMessage(status.Code)
        {
            RequestMessage = request,
            Content = new StringContent(xml, Encoding.UTF8, "application/xml"),
        };
    }

    /// <summary>Runs an action at most once, from whichever path gets there first.</summary>
    internal sealed class OnceAction(Action action)
    {
        private int _done;

        public void Run()
        {
            if (Interlocked.Exchange(ref _done, 1) == 0)
            {
                action();
            }
        }
    }
}
