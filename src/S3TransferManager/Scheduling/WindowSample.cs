namespace S3TransferManager.Scheduling;

/// <summary>What one window of a <see cref="ConcurrencyTuner"/> saw, across every transfer of the utility.</summary>
/// <param name="Elapsed">How long the window lasted.</param>
/// <param name="Bytes">The bytes moved (downloaded, or acknowledged by S3 for uploads).</param>
/// <param name="Requests">The requests that ended.</param>
/// <param name="SaturatedShare">The share of the window during which requests waited for a slot: the budget was what
/// held them back.</param>
/// <param name="LatencySamples">The small requests that ended (<see cref="RequestCost.SamplesLatency"/>).</param>
/// <param name="MeanLatency">Their mean time from lease to end: a round trip, or more when the endpoint queued them or
/// the client retried them after a 503 SlowDown.</param>
/// <param name="QuickLatency">The time a quarter of them took at most: a round trip with no wait, even while others
/// are queued or retried, and, unlike the quickest one, not a lucky outlier of a long-tailed endpoint.</param>
/// <param name="Pending">The small requests still open when the window closed.</param>
/// <param name="PendingAge">Their mean age then: a request the endpoint turned away and the client is retrying shows
/// here before it ends.</param>
internal readonly record struct WindowSample(TimeSpan Elapsed, long Bytes, int Requests, double SaturatedShare,
    int LatencySamples = 0, TimeSpan MeanLatency = default, TimeSpan QuickLatency = default, int Pending = 0,
    TimeSpan PendingAge = default);
