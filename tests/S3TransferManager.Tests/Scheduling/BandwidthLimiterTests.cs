using Microsoft.Extensions.Time.Testing;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>What the bandwidth cap does without the passing of time. Its rate, which the token bucket measures on the
/// real clock, is measured by <c>BandwidthCapTests</c> against the in-memory endpoint.</summary>
public sealed class BandwidthLimiterTests
{
    [Fact]
    public void MaxChunk_FastCap_OnePooledBuffer()
    {
        using var limiter = new BandwidthLimiter(20_000_000, new FakeTimeProvider());

        Assert.Equal(64 * 1024, limiter.MaxChunk);
    }

    [Fact]
    public void MaxChunk_CapBelowABufferASecond_OneSecondsBytes()
    {
        using var limiter = new BandwidthLimiter(1000, new FakeTimeProvider());

        Assert.Equal(1000, limiter.MaxChunk);
    }

    [Theory]
    [InlineData(BandwidthLimiter.MaxEnforcedBytesPerSecond + 1)]
    [InlineData(long.MaxValue)]
    public void Ctor_CapBeyondWhatTheBucketCounts_HeldToTheFastestEnforcedAndServesABuffer(long cap)
    {
        using var limiter = new BandwidthLimiter(cap, new FakeTimeProvider());

        Assert.Equal(BandwidthLimiter.MaxEnforcedBytesPerSecond, limiter.BytesPerSecond);
        Assert.True(limiter.WaitAsync(limiter.MaxChunk, CancellationToken.None).IsCompletedSuccessfully);
    }

    [Fact]
    public void Ctor_OneBytePerSecond_ServesOneByteThenWaits()
    {
        using var limiter = new BandwidthLimiter(1, new FakeTimeProvider());

        Assert.True(limiter.WaitAsync(1, CancellationToken.None).IsCompletedSuccessfully);
        Assert.False(limiter.WaitAsync(1, CancellationToken.None).IsCompleted);
    }

    [Fact]
    public void WaitAsync_WithinWhatTheBucketStartsWith_CompletesAtOnce()
    {
        using var limiter = new BandwidthLimiter(1000, new FakeTimeProvider());

        // One refill's tokens: a twentieth of a second of the cap.
        Assert.True(limiter.WaitAsync(50, CancellationToken.None).IsCompletedSuccessfully);
    }

    [Fact]
    public void WaitAsync_BucketEmptyAndNotRefilled_WaitsWithoutHoldingTheCaller()
    {
        using var limiter = new BandwidthLimiter(1000, new FakeTimeProvider());
        Assert.True(limiter.WaitAsync(50, CancellationToken.None).IsCompletedSuccessfully);

        ValueTask wait = limiter.WaitAsync(1, CancellationToken.None);

        Assert.False(wait.IsCompleted);
    }

    [Fact]
    public async Task WaitAsync_CancelledWhileWaiting_Throws()
    {
        using var limiter = new BandwidthLimiter(1000, new FakeTimeProvider());
        Assert.True(limiter.WaitAsync(50, CancellationToken.None).IsCompletedSuccessfully);
        using var cancel = new CancellationTokenSource();

        Task wait = limiter.WaitAsync(900, cancel.Token).AsTask();
        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => wait);
    }

    [Fact]
    public void WaitAsync_NoBytes_CompletesAtOnceEvenWhenTheBucketIsEmpty()
    {
        using var limiter = new BandwidthLimiter(1000, new FakeTimeProvider());
        Assert.True(limiter.WaitAsync(50, CancellationToken.None).IsCompletedSuccessfully);

        Assert.True(limiter.WaitAsync(0, CancellationToken.None).IsCompletedSuccessfully);
    }
}
