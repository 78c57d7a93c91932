namespace S3TransferManager.Scheduling;

/// <summary>
/// What one request costs the shared budget besides its slot: the bytes it will move (its part's or object's length,
/// counted against the bytes in flight), and whether its time teaches the tuner the endpoint's latency: a data request
/// small enough that its time is mostly the round trip (<see cref="LatencySampleMaxBytes"/>). Control requests
/// (CreateMultipartUpload, CompleteMultipartUpload, HEAD) move no bytes and teach nothing: S3 may take seconds over a
/// CompleteMultipartUpload that is not congestion.
/// </summary>
internal readonly record struct RequestCost(long Bytes, bool SamplesLatency)
{
    /// <summary>The largest request whose time is taken for a round trip: at 60 MB/s per connection, 256 KiB take about
    /// 4 ms, a fifth of S3's usual time to first byte.</summary>
    public const long LatencySampleMaxBytes = 256 * 1024;

    /// <summary>A request that moves no data: no bytes, no latency sample.</summary>
    public static RequestCost Control => default;

    /// <summary>A data request that moves <paramref name="bytes"/> (a GET's range, a PUT's or part's body).</summary>
    public static RequestCost Data(long bytes) => new(Math.Max(0, bytes), bytes is >= 0 and <= LatencySampleMaxBytes);
}
