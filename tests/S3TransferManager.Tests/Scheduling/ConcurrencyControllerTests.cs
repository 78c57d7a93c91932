using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>The controller fed synthetic windows: no clock, no scheduler.</summary>
public sealed class ConcurrencyControllerTests
{
    private static readonly TimeSpan Window = TimeSpan.FromMilliseconds(100);
    private static readonly TimeSpan RoundTrip = TimeSpan.FromMilliseconds(20);

    /// <summary>A window of large parts (no latency samples) in which requests waited for a slot the whole time and
    /// <paramref name="bytes"/> moved.</summary>
    private static WindowSample Busy(long bytes, int requests = 10) => new(Window, bytes, requests, SaturatedShare: 1);

    /// <summary>A window of small requests in which requests waited for a slot the whole time, taking
    /// <paramref name="roundTrip"/> on average (a quarter of them <paramref name="quick"/> at most, by default the same):
    /// <paramref name="limit"/> of them at once end limit x window / round trip times.</summary>
    private static WindowSample Small(int limit, TimeSpan roundTrip, TimeSpan? quick = null)
    {
        int requests = (int)(limit * (Window / roundTrip));
        return new WindowSample(Window, requests * 1024L, requests, SaturatedShare: 1, requests, roundTrip, quick ?? roundTrip);
    }

    /// <summary>Feeds <paramref name="stretched"/> for as many windows in a row as make pushback: every one before the
    /// last leaves the budget as it was (a pause stretches one window; a queue stretches them all).</summary>
    private static int NextStretched(ConcurrencyController controller, WindowSample stretched)
    {
        int before = controller.Limit;
        for (int i = 1; i < ConcurrencyController.PushbackWindows; i++)
        {
            Assert.Equal(before, controller.Next(stretched));
        }

        return controller.Next(stretched);
    }

    /// <summary>Feeds windows whose throughput is proportional to the budget (a network that is not the limit yet).</summary>
    private static void FeedLinear(ConcurrencyController controller, long bytesPerRequest, int windows)
    {
        for (int i = 0; i < windows; i++)
        {
            controller.Next(Busy(controller.Limit * bytesPerRequest, controller.Limit));
        }
    }

    [Fact]
    public void Next_ThroughputRisesWithEveryIncrease_GrowsToTheCeiling()
    {
        var controller = new ConcurrencyController(initial: 4, floor: 2, ceiling: 40);

        // A quarter at a time (at least one), two windows per step (the change settles, then its verdict): 12 steps.
        FeedLinear(controller, 1_000_000, windows: 30);

        Assert.Equal(40, controller.Limit);
    }

    [Theory]
    [InlineData(20, 25)]
    [InlineData(8, 10)]
    [InlineData(3, 4)] // at least one more
    public void Next_LargePartsIncrease_AddsAQuarter(int initial, int expected)
    {
        // Large parts give no round trip to watch, so an overshoot would show late: no doubling.
        var controller = new ConcurrencyController(initial, floor: 2, ceiling: 100);

        controller.Next(Busy(initial * 1_000_000L));

        Assert.Equal(expected, controller.Limit);
    }

    [Fact]
    public void Next_SmallRequestsAtTheirRoundTrip_DoublesTheBudget()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 2, ceiling: 64);

        controller.Next(Small(20, RoundTrip));

        Assert.Equal(40, controller.Limit);
    }

    [Fact]
    public void Next_SmallRequestsKeepTheirRoundTrip_ReachTheCeilingInAFewWindows()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 2, ceiling: 64);

        for (int i = 0; i < 4; i++)
        {
            controller.Next(Small(controller.Limit, RoundTrip));
        }

        Assert.Equal(64, controller.Limit);
    }

    [Fact]
    public void Next_IncreaseDoesNotRaiseThroughput_StepsBackToThePreviousBudget()
    {
        var controller = new ConcurrencyController(initial: 8, floor: 2, ceiling: 64);
        controller.Next(Busy(8_000_000));
        Assert.Equal(10, controller.Limit);

        controller.Next(Busy(8_000_000)); // settling after the change: skipped
        controller.Next(Busy(8_000_000)); // the verdict: the same bytes and requests with more requests open

        Assert.Equal(8, controller.Limit);
    }

    [Fact]
    public void Next_MoreRequestsDoneButNoMoreBytes_KeepsTheIncrease()
    {
        // Small objects: the bytes are negligible, the requests a second are what the budget buys.
        var controller = new ConcurrencyController(initial: 8, floor: 2, ceiling: 64);
        controller.Next(Busy(8_000_000, requests: 80));
        Assert.Equal(10, controller.Limit);

        controller.Next(Busy(8_000_000, requests: 100)); // settling
        controller.Next(Busy(8_000_000, requests: 100)); // the verdict: a quarter more requests done, so it pays

        Assert.Equal(12, controller.Limit); // kept, and the next probe follows
    }

    [Fact]
    public void Next_ThroughputFlat_NeverGrowsPastTheBudgetThatLastPaid()
    {
        // Throughput rises up to 12 requests, then stays flat: a saturated server.
        var controller = new ConcurrencyController(initial: 3, floor: 2, ceiling: 64);
        int highest = 0;
        for (int i = 0; i < 200; i++)
        {
            int effective = Math.Min(controller.Limit, 12);
            controller.Next(Busy(effective * 1_000_000L, effective));
            highest = Math.Max(highest, controller.Limit);
        }

        // Probes may go above 12 for a window, but the budget keeps returning to the level that paid.
        Assert.InRange(controller.Limit, 12, 15);
        Assert.True(highest <= 24, $"probed up to {highest}");
    }

    [Fact]
    public void Next_RoundTripFiveTimesTheQuickest_DropsToWhatCarriesTheAcceptedRate()
    {
        var controller = new ConcurrencyController(initial: 40, floor: 2, ceiling: 64);
        controller.Next(Small(40, RoundTrip) with { SaturatedShare = 0 }); // learns the round trip, keeps the budget

        // Requests now take 100 ms on average: 40 at once carry 400 a second, which 8 of 20 ms would carry; a quarter more.
        NextStretched(controller, Small(40, TimeSpan.FromMilliseconds(100), quick: RoundTrip));

        Assert.Equal(10, controller.Limit);
    }

    [Fact]
    public void Next_RoundTripSomewhatLonger_IsNoPushback()
    {
        var controller = new ConcurrencyController(initial: 40, floor: 2, ceiling: 64);
        controller.Next(Small(40, RoundTrip) with { SaturatedShare = 0 });

        // 1.5 times the quickest round trip: a busy client or a fuller link, not an endpoint pushing back.
        controller.Next(Small(40, TimeSpan.FromMilliseconds(30)) with { SaturatedShare = 0 });

        Assert.Equal(40, controller.Limit);
    }

    [Fact]
    public void Next_OneStretchedWindowBetweenQuickOnes_IsAPauseNotPushback()
    {
        var controller = new ConcurrencyController(initial: 40, floor: 2, ceiling: 64);
        controller.Next(Small(40, RoundTrip) with { SaturatedShare = 0 });

        // A collection, or the CPU taken by the process beside it: every request of one window took five round trips.
        controller.Next(Small(40, RoundTrip * 5, quick: RoundTrip));
        controller.Next(Small(40, RoundTrip) with { SaturatedShare = 0 });
        controller.Next(Small(40, RoundTrip * 5, quick: RoundTrip));

        Assert.Equal(40, controller.Limit);
    }

    [Fact]
    public void Next_StretchedWindowsEitherSideOfAStartOver_AreNotInARow()
    {
        var controller = new ConcurrencyController(initial: 40, floor: 2, ceiling: 64);
        controller.Next(Small(40, RoundTrip) with { SaturatedShare = 0 });
        controller.Next(Small(40, RoundTrip * 5, quick: RoundTrip));

        // After idle: the first window learns the round trip afresh, and is stretched.
        controller.Restart();
        controller.Next(Small(40, RoundTrip * 5, quick: RoundTrip));

        Assert.Equal(40, controller.Limit);
    }

    [Fact]
    public void Next_RoundTripJustPastTwiceTheQuickest_DropsToWhatCarriesTheRate()
    {
        var controller = new ConcurrencyController(initial: 40, floor: 2, ceiling: 64);
        controller.Next(Small(40, RoundTrip) with { SaturatedShare = 0 });

        // Just past the threshold (2 x 20 ms + 5 ms): 40 x 20 / 46, and a quarter more, is 21.7.
        NextStretched(controller, Small(40, TimeSpan.FromMilliseconds(46), quick: RoundTrip));

        Assert.Equal(22, controller.Limit);
    }

    [Fact]
    public void Next_FirstWindowAlreadyPushedBack_LearnsTheRoundTripFromTheRequestsThatGotThrough()
    {
        // A rate-limited endpoint from the first request: those it let through took 20 ms, the others were retried.
        var controller = new ConcurrencyController(initial: 20, floor: 2, ceiling: 64);

        NextStretched(controller, Small(20, TimeSpan.FromMilliseconds(100), quick: RoundTrip));

        Assert.Equal(5, controller.Limit);
    }

    [Fact]
    public void Next_RequestsStillOpenLongPastTheRoundTrip_ArePushbackBeforeTheyEnd()
    {
        // An endpoint that turns requests away with 503 SlowDown: the client retries them after a backoff, so they end
        // late. Their age shows it while they are still open.
        var controller = new ConcurrencyController(initial: 40, floor: 2, ceiling: 64);
        controller.Next(Small(40, RoundTrip) with { SaturatedShare = 0 });

        NextStretched(controller, new WindowSample(Window, 2048, 2, SaturatedShare: 1, LatencySamples: 2, MeanLatency: RoundTrip,
            QuickLatency: RoundTrip, Pending: 38, PendingAge: TimeSpan.FromMilliseconds(400)));

        Assert.Equal(Math.Max(2, (int)Math.Ceiling(40 * (20.0 / 400) * ConcurrencyController.Headroom)), controller.Limit);
    }

    [Fact]
    public void Next_AfterPushback_WaitsThenGrowsByQuarters()
    {
        var controller = new ConcurrencyController(initial: 40, floor: 2, ceiling: 64);
        controller.Next(Small(40, RoundTrip) with { SaturatedShare = 0 });
        NextStretched(controller, Small(40, TimeSpan.FromMilliseconds(100), quick: RoundTrip));
        Assert.Equal(10, controller.Limit);

        controller.Next(Small(10, RoundTrip)); // settling
        for (int i = 0; i < ConcurrencyController.MinHold; i++)
        {
            controller.Next(Small(10, RoundTrip));
            Assert.Equal(10, controller.Limit);
        }

        controller.Next(Small(10, RoundTrip));

        Assert.Equal(12, controller.Limit);
    }

    [Fact]
    public void Next_RepeatedPushback_StopsAtTheFloor()
    {
        var controller = new ConcurrencyController(initial: 32, floor: 2, ceiling: 64);
        controller.Next(Small(32, RoundTrip) with { SaturatedShare = 0 });

        for (int i = 0; i < 20; i++)
        {
            controller.Next(Small(controller.Limit, TimeSpan.FromSeconds(1)));
        }

        Assert.Equal(2, controller.Limit);
    }

    [Fact]
    public void Next_AgainstARateLimit_CarriesTheRateWithoutHammeringIt()
    {
        // An endpoint that accepts 200 requests a second of 25 ms each: 5 at once carry it. More at once are turned
        // away and retried, so requests take budget / 200 seconds on average (Little's law) and no more get done.
        const double Rate = 200;
        TimeSpan roundTrip = TimeSpan.FromMilliseconds(25);
        var controller = new ConcurrencyController(initial: 20, floor: 2, ceiling: 64);
        var limits = new List<int>();
        for (int i = 0; i < 300; i++)
        {
            int limit = controller.Limit;
            double offered = limit / roundTrip.TotalSeconds;
            TimeSpan taken = offered <= Rate ? roundTrip : TimeSpan.FromSeconds(limit / Rate);
            int done = (int)(Math.Min(offered, Rate) * Window.TotalSeconds);
            // The requests let through at once still take the round trip: a quarter of them at least.
            controller.Next(new WindowSample(Window, done * 1024L, done, SaturatedShare: 1, done, taken, roundTrip));
            limits.Add(controller.Limit);
        }

        // After the first windows, the budget stays where it carries the rate (5 or more) without offering many times it.
        IEnumerable<int> settled = limits.Skip(20);
        Assert.True(settled.Min() >= 4, $"fell to {settled.Min()}: the rate is no longer carried");
        Assert.True(settled.Max() <= 12, $"rose to {settled.Max()}: {settled.Max() / 5.0:0.0} times what the endpoint accepts");
    }

    [Fact]
    public void Next_ThroughputFallsTwoWindowsInARow_StepsBack()
    {
        var controller = new ConcurrencyController(initial: 16, floor: 2, ceiling: 16);
        controller.Next(Busy(16_000_000));
        controller.Next(Busy(16_000_000));

        controller.Next(Busy(8_000_000, requests: 5));
        Assert.Equal(16, controller.Limit);
        controller.Next(Busy(8_000_000, requests: 5));

        Assert.Equal(12, controller.Limit);
    }

    [Fact]
    public void Next_NobodyWaitedForASlot_KeepsTheBudget()
    {
        var controller = new ConcurrencyController(initial: 10, floor: 2, ceiling: 64);

        for (int i = 0; i < 20; i++)
        {
            controller.Next(new WindowSample(Window, 10_000_000, 10, SaturatedShare: 0.1));
        }

        Assert.Equal(10, controller.Limit);
    }

    [Theory]
    [InlineData(1, 1, 1)]
    [InlineData(50, 2, 16)]
    [InlineData(0, 2, 16)]
    public void Constructor_InitialOutsideTheRange_IsClamped(int initial, int floor, int ceiling)
    {
        var controller = new ConcurrencyController(initial, floor, ceiling);

        Assert.InRange(controller.Limit, floor, ceiling);
    }

    [Fact]
    public void Restart_AfterProbesThatDidNotPay_BehavesAsANewController()
    {
        // Flat throughput: every probe fails and the wait between probes grows to its longest. A transfer's tail looks
        // like that to the controller; the next transfer must not inherit the long wait.
        var used = new ConcurrencyController(initial: 10, floor: 2, ceiling: 64);
        for (int i = 0; i < 200; i++)
        {
            used.Next(Busy(10_000_000));
        }

        used.Restart();
        var fresh = new ConcurrencyController(initial: 10, floor: 2, ceiling: 64);
        for (int i = 0; i < 40; i++)
        {
            // Still flat: the first probe fails again, and the wait after it is a new controller's.
            Assert.Equal(fresh.Next(Busy(10_000_000)), used.Next(Busy(10_000_000)));
        }
    }

    [Fact]
    public void Restart_AfterGrowing_GoesBackToTheInitialBudgetAndForgetsTheRoundTrip()
    {
        var controller = new ConcurrencyController(initial: 10, floor: 2, ceiling: 64);
        controller.Next(Small(10, RoundTrip) with { SaturatedShare = 0 });
        FeedLinear(controller, 1_000_000, windows: 10);
        Assert.True(controller.Limit > 10);

        Assert.Equal(10, controller.Restart());
        Assert.Equal(TimeSpan.Zero, controller.QuickestRoundTrip);
    }

    [Theory]
    [InlineData(32, 32)] // a transfer's parts: the budget starts there
    [InlineData(8, 20)] // fewer than it starts at: unchanged
    [InlineData(100, 64)] // no further than the ceiling
    public void Foresee_AtTheStart_StartsFromTheForeseenRequestsWithinTheCeiling(int requests, int expected)
    {
        var controller = new ConcurrencyController(initial: 20, floor: 10, ceiling: 64);

        Assert.Equal(expected, controller.Foresee(requests));
        Assert.Equal(expected, controller.Limit);
    }

    [Fact]
    public void Foresee_AfterAWindowWasCounted_LeavesTheBudgetToTheFeedback()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 10, ceiling: 64);
        controller.Next(Busy(20_000_000));
        Assert.Equal(25, controller.Limit);

        Assert.Equal(25, controller.Foresee(32));
    }

    [Fact]
    public void Foresee_AfterARefusalAndAStartOver_StartsNoHigherThanTheRefusalLeftIt()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 10, ceiling: 64);
        Assert.Equal(32, controller.Foresee(32));
        Assert.Equal(22, controller.Refused());
        Assert.Equal(22, controller.Foresee(32)); // a refusal was heard: the feedback decides

        Assert.Equal(20, controller.Restart());

        // A rate-limited endpoint refused the transfer that started at 32: the next starts at what the cut left.
        Assert.Equal(22, controller.Foresee(32));
    }

    [Fact]
    public void Foresee_AfterStretchedRequestsAndAStartOver_StartsNoHigherThanThePushbackLeftIt()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 10, ceiling: 64);
        controller.Next(Small(20, RoundTrip) with { SaturatedShare = 0 }); // learns the round trip
        int cut = NextStretched(controller, Small(20, RoundTrip * 5, quick: RoundTrip));
        Assert.InRange(cut, 10, 19);

        Assert.Equal(cut, controller.Restart()); // a start over keeps a budget cut below where it starts

        Assert.Equal(cut, controller.Foresee(32)); // and the foresight raises it no higher than the cut left it
    }

    [Fact]
    public void Restart_AfterAForeseenStart_GoesBackToTheInitialBudget()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 10, ceiling: 64);
        controller.Foresee(32);

        Assert.Equal(20, controller.Restart());
    }

    [Fact]
    public void Refused_Repeatedly_CutsByAThirdBelowTheFloorDownToTheRefusalFloor()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 10, ceiling: 64);

        int[] budgets = [controller.Refused(), controller.Refused(), controller.Refused(), controller.Refused(), controller.Refused()];

        // A 503 the endpoint sent is certain, unlike a stretched time: the floor against misreadings does not hold it.
        Assert.Equal([14, 9, 6, 4, 4], budgets);
    }

    [Fact]
    public void Refused_ThenRequestsAtTheirRoundTrip_HoldsStillThenGrowsByAQuarter()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 10, ceiling: 64);
        controller.Next(Small(20, RoundTrip)); // learns the round trip; doubling would take it to 40
        Assert.Equal(40, controller.Limit);
        controller.Next(Small(40, RoundTrip)); // the change settles

        Assert.Equal(28, controller.Refused());
        var held = new List<int>();
        for (int i = 0; i < 1 + ConcurrencyController.RefusalHold; i++)
        {
            held.Add(controller.Next(Small(controller.Limit, RoundTrip)));
        }

        // The window after the cut settles, then growth waits; then a quarter more, not double: it was refused at 40.
        Assert.All(held, limit => Assert.Equal(28, limit));
        Assert.Equal(35, controller.Next(Small(controller.Limit, RoundTrip)));
    }

    [Fact]
    public void Next_StretchedTimesAfterACutBelowTheFloor_NeverRaiseTheBudget()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 10, ceiling: 64);
        controller.Next(Small(20, RoundTrip));
        controller.Next(Small(40, RoundTrip));
        while (controller.Limit >= 10)
        {
            controller.Refused(); // 40, 28, 19, 13, 9
        }

        Assert.Equal(9, controller.Limit);
        controller.Next(Small(9, RoundTrip)); // the change settles

        // Three round trips on average: pushback read from times cuts to the floor of 10 at the least, but not up to it.
        controller.Next(Small(9, RoundTrip * 3, quick: RoundTrip));

        Assert.Equal(9, controller.Limit);
    }
}
