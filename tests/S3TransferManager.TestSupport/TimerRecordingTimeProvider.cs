using System.Threading.Channels;
using Microsoft.Extensions.Time.Testing;

namespace S3TransferManager.TestSupport;

/// <summary>A <see cref="FakeTimeProvider"/> that reports the due time of every timer created on it, so a test knows
/// a delay has started (and how long it is) before it advances the clock.</summary>
public sealed class TimerRecordingTimeProvider : FakeTimeProvider
{
    private readonly Channel<TimeSpan> _dueTimes = Channel.CreateUnbounded<TimeSpan>();

    public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
    {
        ITimer timer = base.CreateTimer(callback, state, dueTime, period);
        _dueTimes.Writer.TryWrite(dueTime);
        return timer;
    }

    /// <summary>The due time of the next timer created, waiting (boundedly) until one is.</summary>
    public async Task<TimeSpan> NextTimerAsync() =>
        await _dueTimes.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10));
}
