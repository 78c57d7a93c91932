using Microsoft.Extensions.Time.Testing;
using S3TransferManager.Events;

namespace S3TransferManager.Tests.Events;

public sealed class ProgressTrackerTests
{
    private const long MiB = 1024 * 1024;
    private readonly FakeTimeProvider _time = new();
    private readonly List<ProgressStep> _events = [];

    private ProgressTracker Create(long total)
    {
        var tracker = new ProgressTracker(_events.Add, _time);
        tracker.SetTotal(total);
        return tracker;
    }

    [Fact]
    public void Add_ManySmallAddsWithoutTimePassing_RaisesOnlyTheFinalEvent()
    {
        ProgressTracker tracker = Create(40 * MiB);

        for (int i = 0; i < 640; i++)
        {
            tracker.Add(64 * 1024);
        }

        ProgressStep only = Assert.Single(_events);
        Assert.Equal(40 * MiB, only.Transferred);
        Assert.Equal(40 * MiB, only.Increment);
    }

    [Fact]
    public void Add_OnePercentAfter100Milliseconds_RaisesAnEvent()
    {
        ProgressTracker tracker = Create(100 * MiB);
        _time.Advance(ProgressTracker.MinInterval);

        tracker.Add(MiB);

        Assert.Equal(MiB, Assert.Single(_events).Transferred);
    }

    [Fact]
    public void Add_TimePassedButLessThanOnePercent_HoldsTheEventBack()
    {
        ProgressTracker tracker = Create(100 * MiB);
        _time.Advance(TimeSpan.FromSeconds(5));

        tracker.Add(MiB - 1);

        Assert.Empty(_events);
    }

    [Fact]
    public void Add_OnePercentButLessThan100Milliseconds_HoldsTheEventBack()
    {
        ProgressTracker tracker = Create(100 * MiB);
        _time.Advance(ProgressTracker.MinInterval - TimeSpan.FromMilliseconds(1));

        tracker.Add(10 * MiB);

        Assert.Empty(_events);
    }

    [Fact]
    public void Add_HugeTotal_StepIsCappedAt16MiB()
    {
        ProgressTracker tracker = Create(1024L * 1024 * MiB);   // 1 TiB: 1% would be 10 GiB
        _time.Advance(ProgressTracker.MinInterval);

        tracker.Add(ProgressTracker.MaxByteStep);

        Assert.Single(_events);
    }

    [Fact]
    public void Add_UnknownTotal_ThrottlesByTimeAndTheMaximumStep()
    {
        ProgressTracker tracker = Create(-1);
        _time.Advance(ProgressTracker.MinInterval);
        tracker.Add(ProgressTracker.MaxByteStep - 1);
        Assert.Empty(_events);

        tracker.Add(1);

        Assert.Equal(-1, Assert.Single(_events).Total);
    }

    [Fact]
    public void Add_EventsRaised_IncrementIsTheBytesSinceThePreviousEvent()
    {
        ProgressTracker tracker = Create(100 * MiB);
        for (int i = 0; i < 100; i++)
        {
            _time.Advance(TimeSpan.FromMilliseconds(30));
            tracker.Add(MiB);
        }

        Assert.Equal(100 * MiB, _events[^1].Transferred);
        Assert.Equal(_events.Select(e => e.Transferred).Order().Distinct(), _events.Select(e => e.Transferred));
        Assert.Equal(100 * MiB, _events.Sum(e => e.Increment));
    }

    [Fact]
    public void Complete_NothingMoved_RaisesOneEventAtZeroOfZero()
    {
        ProgressTracker tracker = Create(0);

        tracker.Complete();

        ProgressStep only = Assert.Single(_events);
        Assert.Equal((0L, 0L, true), (only.Transferred, only.Total, only.IsFinal));
    }

    [Fact]
    public void Complete_BytesHeldBackWhileTheTotalWasUnknown_RaisesThemAsTheFinalEvent()
    {
        ProgressTracker tracker = Create(-1);
        tracker.Add(1000);
        tracker.SetTotal(1000);

        tracker.Complete();

        ProgressStep only = Assert.Single(_events);
        Assert.Equal((1000L, 1000L, 1000L), (only.Increment, only.Transferred, only.Total));
    }

    [Fact]
    public void Complete_FinalEventAlreadyRaised_RaisesNothingMore()
    {
        ProgressTracker tracker = Create(10);
        tracker.Add(10);

        tracker.Complete();

        Assert.Single(_events);
    }

    [Fact]
    public void Add_ConcurrentWorkers_EventsAreRaisedOneAtATimeAndStrictlyIncrease()
    {
        int inside = 0;
        int overlaps = 0;
        var seen = new List<long>();
        var tracker = new ProgressTracker(e =>
        {
            if (Interlocked.Increment(ref inside) > 1)
            {
                Interlocked.Increment(ref overlaps);
            }

            seen.Add(e.Transferred);
            _time.Advance(ProgressTracker.MinInterval);   // every later Add is due by time
            Interlocked.Decrement(ref inside);
        }, _time);
        tracker.SetTotal(4 * 1000 * 1024);

        Parallel.For(0, 4, _ =>
        {
            for (int i = 0; i < 1000; i++)
            {
                tracker.Add(1024);
            }
        });

        Assert.Equal(0, overlaps);
        Assert.Equal(4 * 1000 * 1024, seen[^1]);
        Assert.Equal(seen.Order().Distinct(), seen);
    }
}
