namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>A clock whose timestamps move a second per reading, so progress throttled to every 100 ms is raised at every
/// step without a test waiting on real time. Timers stay on real time.</summary>
internal sealed class SteppingClock : TimeProvider
{
    private long _now;

    public override long GetTimestamp() => Interlocked.Add(ref _now, TimestampFrequency);
}
