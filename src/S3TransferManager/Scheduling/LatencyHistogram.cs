namespace S3TransferManager.Scheduling;

/// <summary>
/// Counts request times in buckets a quarter of an octave wide (each about 19% above the last), from 0.25 ms to
/// about 16 s, so that a window's lower quartile is known without keeping every time. Thread-safe: recording is one
/// interlocked increment; <see cref="TakeLowerQuartile"/> empties the buckets it reads.
/// </summary>
internal sealed class LatencyHistogram
{
    /// <summary>Buckets per octave.</summary>
    private const int PerOctave = 4;

    private const int BucketCount = 16 * PerOctave;

    /// <summary>The upper bound of bucket 0, in seconds.</summary>
    private const double Smallest = 0.00025;

    private readonly int[] _counts = new int[BucketCount];

    public void Record(TimeSpan latency)
    {
        double ratio = latency.TotalSeconds / Smallest;
        int bucket = ratio <= 1 ? 0 : Math.Min(BucketCount - 1, (int)Math.Ceiling(Math.Log2(ratio) * PerOctave));
        Interlocked.Increment(ref _counts[bucket]);
    }

    /// <summary>The time a quarter of the recorded requests took at most (the upper bound of its bucket), and empties
    /// the histogram for the next window; zero when nothing was recorded.</summary>
    public TimeSpan TakeLowerQuartile()
    {
        int[] counts = new int[BucketCount];
        int total = 0;
        for (int i = 0; i < BucketCount; i++)
        {
            counts[i] = Interlocked.Exchange(ref _counts[i], 0);
            total += counts[i];
        }

        if (total == 0)
        {
            return TimeSpan.Zero;
        }

        int quarter = (total + 3) / 4;
        int seen = 0;
        for (int i = 0; i < BucketCount; i++)
        {
            seen += counts[i];
            if (seen >= quarter)
            {
                return TimeSpan.FromSeconds(Smallest * Math.Pow(2, (double)i / PerOctave));
            }
        }

        return TimeSpan.FromSeconds(Smallest * Math.Pow(2, (double)(BucketCount - 1) / PerOctave));
    }
}
