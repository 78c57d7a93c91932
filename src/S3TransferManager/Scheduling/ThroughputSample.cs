namespace S3TransferManager.Scheduling;

/// <summary>What one window of a <see cref="ConcurrencyTuner"/> saw: the bytes moved by every transfer of the
/// utility, how long the window lasted, the share of it during which requests waited for a slot (the budget was what
/// held them back), and how many throttling errors (503 SlowDown) came back.</summary>
internal readonly record struct ThroughputSample(long Bytes, TimeSpan Elapsed, double SaturatedShare, int Throttled);
