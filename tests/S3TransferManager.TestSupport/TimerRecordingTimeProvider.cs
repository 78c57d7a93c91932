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

    /// <summary>Waits (boundedly) until a timer due after <paramref name="due"/> is created, passing over the others
    /// created before it.</summary>
    public async Task WaitForTimerAsync(TimeSpan due)
    {
        while (await NextTimerAsync().ConfigureAwait(false) != due)
        {
        }
    }

    /// <summary>Waits (boundedly) until a timer whose due time <paramref name="match"/> accepts is created, passing over
    /// the others created before it; returns its due time.</summary>
    public async Task<TimeSpan> WaitForTimerAsync(Func<TimeSpan, bool> match)
    {
        TimeSpan due;
        while (!match(due = await NextTimerAsync().ConfigureAwait(false)))
        {
        }

        return due;
    }

    /// <summary>Lets every bound expire as soon as it is set, until <paramref name="run"/> ends: each timer created is
    /// advanced past at once. For tests of what a caller gets when something never answers, without waiting for it.</summary>
    public async Task ExpireEveryTimerUntilAsync(Task run)
    {
        while (!run.IsCompleted)
        {
            Task<TimeSpan> next = _dueTimes.Reader.ReadAsync().AsTask();
            // A timer made with an infinite due time (a CancellationTokenSource's, until CancelAfter) has nothing to expire.
            if (await Task.WhenAny(next, run).ConfigureAwait(false) == next && await next.ConfigureAwait(false) is { Ticks: > 0 } due)
            {
                Advance(due);
            }
        }
    }
}
