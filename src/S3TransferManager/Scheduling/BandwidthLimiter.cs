using System.Threading.RateLimiting;

namespace S3TransferManager.Scheduling;

/// <summary>
/// The bytes per second every transfer of one utility may move together (<see cref="TransferUtilityConfig.MaxBytesPerSecond"/>):
/// a token bucket (<see cref="TokenBucketRateLimiter"/>) of one token per byte, which a download's body and an upload's
/// body draw from as their bytes move. Waiting is asynchronous and first come, first served, so no thread is held and no
/// transfer starves another. A timer on the utility's <see cref="TimeProvider"/> asks the bucket to refill 20 times a
/// second; the bucket adds the tokens of the time that really passed since its last refill (it is not auto-replenished,
/// which would add one period's tokens per tick however late the tick), so a busy machine whose timer fires late loses
/// none, and the rate over seconds is the cap.
/// </summary>
/// <remarks>Invariant: no acquisition asks for more than <see cref="MaxChunk"/> tokens, which the bucket can hold. A full
/// bucket, a quarter second of the cap, is the only burst beyond it, after a pause of transfers at least that long.</remarks>
internal sealed class BandwidthLimiter : IDisposable
{
    /// <summary>Refills a second: often enough that a reader never waits long past its bytes' turn.</summary>
    private const int RefillsPerSecond = 20;

    /// <summary>The fastest cap the bucket enforces, 16 GiB/s: a twentieth of it still fits the bucket's <see cref="int"/>
    /// token counts. A larger cap is held to it, which no client reaches over a network.</summary>
    public const long MaxEnforcedBytesPerSecond = 16L << 30;

    private readonly TokenBucketRateLimiter _bucket;
    private readonly ITimer _refill;
    private readonly TimeProvider _time;

    /// <summary>How often the bucket is refilled.</summary>
    private readonly TimeSpan _period;

    /// <param name="bytesPerSecond">The cap, at least 1.</param>
    /// <param name="time">The clock the bucket is refilled on.</param>
    public BandwidthLimiter(long bytesPerSecond, TimeProvider time)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(bytesPerSecond, 1);
        bytesPerSecond = Math.Min(bytesPerSecond, MaxEnforcedBytesPerSecond);
        int tokensPerRefill = (int)Math.Max(1, bytesPerSecond / RefillsPerSecond);
        _period = TimeSpan.FromTicks(TimeSpan.TicksPerSecond * tokensPerRefill / bytesPerSecond);
        // A pooled buffer's worth at a time when the cap allows it (fewer, cheaper acquisitions); less for a cap below
        // 64 KB/s, so that a read never waits much more than a second.
        MaxChunk = (int)Math.Min(TransferLimits.BufferSize, bytesPerSecond);
        BytesPerSecond = bytesPerSecond;
        _time = time;
        // The bucket holds a quarter second of the cap: transfers that stop drawing for a moment (a busy machine, a part's
        // first byte) lose no more than that, and no burst ever exceeds it.
        int tokenLimit = (int)Math.Clamp(bytesPerSecond / 4, Math.Max(tokensPerRefill, MaxChunk), int.MaxValue);
        _bucket = new TokenBucketRateLimiter(new TokenBucketRateLimiterOptions
        {
            TokenLimit = tokenLimit,
            TokensPerPeriod = tokensPerRefill,
            ReplenishmentPeriod = _period,
            AutoReplenishment = false,
            QueueProcessingOrder = QueueProcessingOrder.OldestFirst,
            QueueLimit = int.MaxValue,
        });
        // It starts with one refill's tokens, not full: the first quarter second moves no burst beyond the cap.
        _bucket.AttemptAcquire(tokenLimit - tokensPerRefill).Dispose();
        _refill = time.CreateTimer(static state => ((BandwidthLimiter)state!).Refill(), this, _period, _period);
    }

    /// <summary>The cap, in bytes per second.</summary>
    public long BytesPerSecond { get; }

    /// <summary>The most bytes one read should move before it waits for them: reads are cut to this length.</summary>
    public int MaxChunk { get; }

    /// <summary>Waits, asynchronously, until <paramref name="bytes"/> may move (at most <see cref="MaxChunk"/>).</summary>
    public ValueTask WaitAsync(int bytes, CancellationToken cancellationToken)
    {
        if (bytes <= 0)
        {
            return ValueTask.CompletedTask;
        }

        RateLimitLease lease = _bucket.AttemptAcquire(bytes);
        if (lease.IsAcquired)
        {
            lease.Dispose();
            return ValueTask.CompletedTask;
        }

        lease.Dispose();
        return WaitSlowAsync(bytes, cancellationToken);
    }

    /// <summary>As <see cref="WaitAsync"/>, holding the calling thread: only for a caller that reads synchronously.</summary>
    public void Wait(int bytes)
    {
        ValueTask wait = WaitAsync(bytes, CancellationToken.None);
        if (!wait.IsCompleted)
        {
            wait.AsTask().GetAwaiter().GetResult();
        }
    }

    public void Dispose()
    {
        _refill.Dispose();
        _bucket.Dispose();
    }

    private async ValueTask WaitSlowAsync(int bytes, CancellationToken cancellationToken)
    {
        while (true)
        {
            using RateLimitLease lease = await _bucket.AcquireAsync(bytes, cancellationToken).ConfigureAwait(false);
            if (lease.IsAcquired)
            {
                return;
            }

            // Only a queue past int.MaxValue tokens refuses: wait a refill and ask again.
            await Task.Delay(_period, _time, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Lets the bucket add the tokens of the time passed since its last refill, and serve its waiters.</summary>
    private void Refill() => _bucket.TryReplenish();
}
