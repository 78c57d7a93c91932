using System.Collections.Concurrent;
using System.Diagnostics;
using Microsoft.Extensions.Diagnostics.Metrics.Testing;

namespace S3TransferManager.TestSupport;

/// <summary>
/// Records what the library's meter and activity source emit for one bucket. The meter and the source are static and
/// shared by every test running at the same time, so everything is filtered on the bucket tag (each test has its own
/// bucket): other tests' transfers are invisible here.
/// </summary>
public sealed class TelemetryRecorder : IDisposable
{
    public const string SourceName = "S3TransferManager";

    private const string BucketTag = "aws.s3.bucket";

    private readonly string _bucket;
    private readonly ActivityListener _listener;
    private readonly ConcurrentQueue<Activity> _stopped = new();
    private readonly ConcurrentDictionary<string, MetricCollector<long>> _counters = new();
    private readonly ConcurrentDictionary<string, MetricCollector<double>> _histograms = new();

    /// <param name="bucket">The only bucket whose spans and measurements are kept.</param>
    /// <param name="instruments">The instruments to collect; they must be named before the transfer runs.</param>
    public TelemetryRecorder(string bucket, params string[] instruments)
    {
        _bucket = bucket;
        foreach (string name in instruments)
        {
            if (name.EndsWith(".duration", StringComparison.Ordinal))
            {
                _histograms[name] = new MetricCollector<double>(null, SourceName, name);
            }
            else
            {
                _counters[name] = new MetricCollector<long>(null, SourceName, name);
            }
        }

        _listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == SourceName,
            Sample = static (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = activity =>
            {
                if (Equals(activity.GetTagItem(BucketTag), _bucket))
                {
                    _stopped.Enqueue(activity);
                    SpanStopped?.Invoke(activity);
                }
            },
        };
        ActivitySource.AddActivityListener(_listener);
    }

    /// <summary>Called as each of the bucket's spans stops, on the thread that stopped it.</summary>
    public event Action<Activity>? SpanStopped;

    /// <summary>The bucket's spans that have stopped, in the order they stopped.</summary>
    public IReadOnlyList<Activity> Spans => [.. _stopped];

    public IReadOnlyList<Activity> SpansNamed(string name) => [.. _stopped.Where(a => a.OperationName == name)];

    /// <summary>The bucket's measurements of a counter named in the constructor.</summary>
    public IReadOnlyList<CollectedMeasurement<long>> Counter(string name) => ForBucket(_counters[name].GetMeasurementSnapshot());

    /// <summary>The sum of the bucket's measurements of a counter, over those that carry every tag given.</summary>
    public long Sum(string counter, params (string Tag, object Value)[] tags) =>
        Counter(counter).Where(m => tags.All(t => m.Tags.TryGetValue(t.Tag, out object? value) && Equals(value, t.Value))).Sum(m => m.Value);

    /// <summary>The bucket's measurements of a histogram named in the constructor.</summary>
    public IReadOnlyList<CollectedMeasurement<double>> Histogram(string name) => ForBucket(_histograms[name].GetMeasurementSnapshot());

    public void Dispose()
    {
        _listener.Dispose();
        foreach (MetricCollector<long> collector in _counters.Values)
        {
            collector.Dispose();
        }

        foreach (MetricCollector<double> collector in _histograms.Values)
        {
            collector.Dispose();
        }
    }

    private List<CollectedMeasurement<T>> ForBucket<T>(IReadOnlyList<CollectedMeasurement<T>> all)
        where T : struct =>
        [.. all.Where(m => m.Tags.TryGetValue(BucketTag, out object? bucket) && Equals(bucket, _bucket))];
}
