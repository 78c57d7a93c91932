namespace S3TransferManager.InMemoryS3;

/// <summary>Thread-safe request counters: total, per operation, and the peak number of requests in flight.</summary>
internal sealed class RequestCounters
{
    private static readonly int s_operationCount = Enum.GetValues<S3Operation>().Length;

    private readonly long[] _perOperation = new long[s_operationCount];
    private long _total;
    private long _slowDowns;
    private int _inFlight;
    private int _maxInFlight;

    public long Total => Interlocked.Read(ref _total);

    /// <summary>Requests answered 503 SlowDown.</summary>
    public long SlowDowns => Interlocked.Read(ref _slowDowns);

    public int MaxInFlight => Volatile.Read(ref _maxInFlight);

    public long Get(S3Operation operation) => Interlocked.Read(ref _perOperation[(int)operation]);

    public void BeginRequest()
    {
        Interlocked.Increment(ref _total);
        int inFlight = Interlocked.Increment(ref _inFlight);
        int max = Volatile.Read(ref _maxInFlight);
        while (inFlight > max)
        {
            int seen = Interlocked.CompareExchange(ref _maxInFlight, inFlight, max);
            if (seen == max)
            {
                break;
            }

            max = seen;
        }
    }

    public void CountSlowDown() => Interlocked.Increment(ref _slowDowns);

    public void EndRequest() => Interlocked.Decrement(ref _inFlight);

    public void Count(S3Operation operation) => Interlocked.Increment(ref _perOperation[(int)operation]);

    /// <summary>Zeroes every counter; the peak restarts from the requests in flight now.</summary>
    public void Reset()
    {
        for (int i = 0; i < _perOperation.Length; i++)
        {
            Interlocked.Exchange(ref _perOperation[i], 0);
        }

        Interlocked.Exchange(ref _total, 0);
        Interlocked.Exchange(ref _slowDowns, 0);
        Volatile.Write(ref _maxInFlight, Volatile.Read(ref _inFlight));
    }
}
