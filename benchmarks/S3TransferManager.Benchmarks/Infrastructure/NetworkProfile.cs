namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>The network the download scenarios run over; each maps onto the in-memory endpoint's options
/// (<see cref="EndpointSession.OptionsFor"/>).</summary>
public enum NetworkProfile
{
    /// <summary>No added delay: CPU-bound.</summary>
    Raw,

    /// <summary>20 ms to the first byte of every response, 60 MB/s per connection: how S3 behaves.</summary>
    S3Like,

    /// <summary>50 ms to the first byte, 30 MB/s per connection: a far region or a slow link.</summary>
    S3Harsh,

    /// <summary>S3Like, and 503 SlowDown above a request rate (<see cref="BenchmarkSettings.SlowDownRate"/>, 200 a
    /// second by default, a burst of a tenth of that), as S3 throttles a prefix.</summary>
    S3Throttled,

    /// <summary>S3Like, and 1% of requests (drawn at random) wait 2 s for their first byte: the tail of S3's answer
    /// times, where hedging a slow request may pay.</summary>
    S3Tail,

    /// <summary>A small server: two requests served at a time, each at 5 MiB a second (1 s per 5 MiB), the rest queued
    /// with no byte of their answer sent, as a NAS, a single MinIO node or moto serve.</summary>
    SlowServer,
}
