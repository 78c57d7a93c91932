using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Runtime.CompilerServices;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Telemetry;

/// <summary>
/// The library's <see cref="Meter"/>, named <see cref="MeterName"/>, and its instruments. Static, as the runtime's own
/// meters are: one set of instruments for every <see cref="TransferUtility"/> in the process, told apart by their tags.
/// Recording costs one check per call when nobody listens, and never allocates.
/// </summary>
/// <remarks>The two observable instruments sum over every live utility: each registers its request scheduler and
/// buffer budget with <see cref="Track"/>, held weakly so that a utility nobody disposes is still collected.</remarks>
internal static class TransferMetrics
{
    public const string MeterName = "S3TransferManager";

    // Seconds. A part of 8 MiB takes ~0.01 s on loopback and ~0.1-1 s on S3; a whole transfer can take many minutes.
    private static readonly double[] s_partBoundaries = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
    private static readonly double[] s_transferBoundaries = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

    // Every live utility's scheduler, with its buffer budget: what the observable instruments add up.
    private static readonly ConditionalWeakTable<RequestScheduler, BufferBudget> s_live = new();

    private static readonly Meter s_meter = new(MeterName, typeof(TransferMetrics).Assembly.GetName().Version?.ToString());

    private static readonly Counter<long> s_bytes = s_meter.CreateCounter<long>("s3transfermanager.io", "By",
        "Bytes moved to or from S3: a download's as they are read from a response body, an upload's as each part or object is stored.");

    private static readonly Counter<long> s_requests = s_meter.CreateCounter<long>("s3transfermanager.requests", "{request}",
        "Requests sent to S3, by operation (rpc.method).");

    private static readonly Counter<long> s_resumes = s_meter.CreateCounter<long>("s3transfermanager.resumes", "{resume}",
        "Part bodies that broke off or stalled and were requested again from the byte they stopped at; error.type says why.");

    private static readonly Counter<long> s_retries = s_meter.CreateCounter<long>("s3transfermanager.retries", "{request}",
        "Requests the library sent again after a failed attempt: the GET of every resume, and an upload request sent again after a stall (by rpc.method, error.type and, for uploads, s3transfermanager.outcome once the retry ended). The AWS SDK's own retries happen inside the client and are not counted here.");

    private static readonly Counter<long> s_stalls = s_meter.CreateCounter<long>("s3transfermanager.stalls", "{request}",
        "Request attempts canceled because they stalled: no progress sending the body, or no answer within the bound learned from earlier answers; by rpc.method, s3transfermanager.stall.phase and s3transfermanager.outcome (retried or gave_up).");

    private static readonly Counter<long> s_hedges = s_meter.CreateCounter<long>("s3transfermanager.hedges", "{request}",
        "Second attempts sent alongside a request that had no answer for well past the usual time; by rpc.method and s3transfermanager.outcome (won: answered first; lost: canceled when the original answered; failed; canceled).");

    private static readonly Counter<long> s_failures = s_meter.CreateCounter<long>("s3transfermanager.failures", "{transfer}",
        "Transfers that failed, by error.type. Cancelled transfers are not counted.");

    private static readonly Histogram<double> s_transferDuration = s_meter.CreateHistogram("s3transfermanager.transfer.duration", "s",
        "How long each transfer took, from the call to its end; error.type is set when it did not succeed.", tags: null,
        new InstrumentAdvice<double> { HistogramBucketBoundaries = s_transferBoundaries });

    private static readonly Histogram<double> s_partDuration = s_meter.CreateHistogram("s3transfermanager.part.duration", "s",
        "How long each part request took, from sending it to the end of its body (resumes included); error.type is set when it did not succeed.",
        tags: null, new InstrumentAdvice<double> { HistogramBucketBoundaries = s_partBoundaries });

    private static readonly ObservableUpDownCounter<long> s_activeRequests = s_meter.CreateObservableUpDownCounter(
        "s3transfermanager.active_requests", ObserveActiveRequests, "{request}",
        "Requests in flight (slots of ConcurrentServiceRequests lent out), across every TransferUtility.");

    private static readonly ObservableUpDownCounter<long> s_bufferUsage = s_meter.CreateObservableUpDownCounter(
        "s3transfermanager.buffer.usage", ObserveBufferUsage, "By",
        "Pooled buffer bytes held by parts waiting in memory (counted against BufferMemoryLimit), across every TransferUtility.");

    /// <summary>Adds a utility's budgets to the observable instruments for as long as the scheduler lives.</summary>
    public static void Track(RequestScheduler scheduler, BufferBudget buffers) => s_live.AddOrUpdate(scheduler, buffers);

    public static void Transferred(string direction, string bucket, long bytes) =>
        s_bytes.Add(bytes, new KeyValuePair<string, object?>(TelemetryTags.Direction, direction),
            new KeyValuePair<string, object?>(TelemetryTags.Bucket, bucket));

    public static void RequestSent(string method, string bucket) =>
        s_requests.Add(1, new KeyValuePair<string, object?>(TelemetryTags.RpcMethod, method),
            new KeyValuePair<string, object?>(TelemetryTags.Bucket, bucket));

    /// <summary>A part body was requested again after <paramref name="reason"/>: one resume and one retried GET.</summary>
    public static void Resumed(string bucket, Exception reason)
    {
        var bucketTag = new KeyValuePair<string, object?>(TelemetryTags.Bucket, bucket);
        var errorTag = new KeyValuePair<string, object?>(TelemetryTags.ErrorType, ErrorTypes.Of(reason));
        s_resumes.Add(1, bucketTag, errorTag);
        s_retries.Add(1, new KeyValuePair<string, object?>(TelemetryTags.RpcMethod, RpcMethods.GetObject), bucketTag, errorTag);
    }

    /// <summary>An attempt of <paramref name="method"/> stalled (<paramref name="whileSending"/> its body, or waiting
    /// for its answer) and was <paramref name="outcome"/>: retried, or the last one allowed.</summary>
    public static void Stalled(string method, string bucket, bool whileSending, string outcome) =>
        s_stalls.Add(1, new KeyValuePair<string, object?>(TelemetryTags.RpcMethod, method),
            new KeyValuePair<string, object?>(TelemetryTags.Bucket, bucket),
            new KeyValuePair<string, object?>(TelemetryTags.StallPhase, whileSending ? TelemetryTags.Sending : TelemetryTags.Waiting),
            new KeyValuePair<string, object?>(TelemetryTags.Outcome, outcome));

    /// <summary>A request of <paramref name="method"/> sent again after <paramref name="reason"/> ended with
    /// <paramref name="outcome"/>.</summary>
    public static void Retried(string method, string bucket, Exception reason, string outcome)
    {
        TagList tags = default;
        tags.Add(TelemetryTags.RpcMethod, method);
        tags.Add(TelemetryTags.Bucket, bucket);
        tags.Add(TelemetryTags.ErrorType, ErrorTypes.Of(reason));
        tags.Add(TelemetryTags.Outcome, outcome);
        s_retries.Add(1, tags);
    }

    /// <summary>A hedge of <paramref name="method"/> ended with <paramref name="outcome"/>.</summary>
    public static void Hedged(string method, string bucket, string outcome) =>
        s_hedges.Add(1, new KeyValuePair<string, object?>(TelemetryTags.RpcMethod, method),
            new KeyValuePair<string, object?>(TelemetryTags.Bucket, bucket),
            new KeyValuePair<string, object?>(TelemetryTags.Outcome, outcome));

    public static void TransferEnded(string direction, string bucket, TimeSpan elapsed, string? errorType)
    {
        TagList tags = DirectionAndBucket(direction, bucket);
        if (errorType is not null)
        {
            tags.Add(TelemetryTags.ErrorType, errorType);
            if (errorType != TelemetryTags.Canceled)
            {
                s_failures.Add(1, tags);
            }
        }

        s_transferDuration.Record(elapsed.TotalSeconds, tags);
    }

    public static void PartEnded(string direction, string bucket, string method, TimeSpan elapsed, string? errorType)
    {
        TagList tags = DirectionAndBucket(direction, bucket);
        tags.Add(TelemetryTags.RpcMethod, method);
        if (errorType is not null)
        {
            tags.Add(TelemetryTags.ErrorType, errorType);
        }

        s_partDuration.Record(elapsed.TotalSeconds, tags);
    }

    private static TagList DirectionAndBucket(string direction, string bucket) => new()
    {
        { TelemetryTags.Direction, direction },
        { TelemetryTags.Bucket, bucket },
    };

    private static long ObserveActiveRequests()
    {
        long sum = 0;
        foreach (KeyValuePair<RequestScheduler, BufferBudget> entry in s_live)
        {
            sum += entry.Key.InFlight;
        }

        return sum;
    }

    private static long ObserveBufferUsage()
    {
        long sum = 0;
        foreach (KeyValuePair<RequestScheduler, BufferBudget> entry in s_live)
        {
            sum += entry.Value.InUseBytes;
        }

        return sum;
    }
}
