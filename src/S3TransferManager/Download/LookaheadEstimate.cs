namespace S3TransferManager.Download;

/// <summary>
/// How many bytes before the end of a part's body the next part's request should be sent so that its first byte
/// arrives just as the body ends: one connection's pace times the time to first byte, smoothed over the bodies of one
/// download. Zero until the first body has been watched for long enough; then no request goes out early.
/// </summary>
/// <remarks>Updated without a lock: a lost update between two bodies reporting at once costs one sample, nothing more.</remarks>
internal sealed class LookaheadEstimate
{
    private long _bytes;

    /// <summary>The bytes one connection moves during one first-byte wait; 0 while unknown.</summary>
    public long Bytes => Volatile.Read(ref _bytes);

    /// <summary>Takes one body's sample: <paramref name="bodyBytes"/> read in <paramref name="bodyTicks"/>, after a
    /// first-byte wait of <paramref name="firstByteTicks"/> (ticks of any one clock).</summary>
    public void Observe(long bodyBytes, long bodyTicks, long firstByteTicks)
    {
        if (bodyBytes <= 0 || bodyTicks <= 0 || firstByteTicks <= 0)
        {
            return;
        }

        long sample = (long)((double)bodyBytes * firstByteTicks / bodyTicks);
        long old = Volatile.Read(ref _bytes);

        // A quarter of each new sample: quick to settle, not thrown by one slow response.
        Volatile.Write(ref _bytes, old == 0 ? sample : old + ((sample - old) / 4));
    }
}
