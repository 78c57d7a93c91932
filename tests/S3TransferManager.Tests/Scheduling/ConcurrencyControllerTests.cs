using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>The controller fed synthetic windows: no clock, no scheduler.</summary>
public sealed class ConcurrencyControllerTests
{
    private static readonly TimeSpan Window = TimeSpan.FromMilliseconds(100);

    /// <summary>A window in which requests waited for a slot the whole time and <paramref name="bytes"/> moved.</summary>
    private static ThroughputSample Busy(long bytes, int throttled = 0) => new(bytes, Window, SaturatedShare: 1, throttled);

    /// <summary>Feeds windows whose throughput is proportional to the budget (a network that is not the limit yet),
    /// until the budget stops moving or <paramref name="windows"/> ran out.</summary>
    private static void FeedLinear(ConcurrencyController controller, long bytesPerRequest, int windows)
    {
        for (int i = 0; i < windows; i++)
        {
            controller.Next(Busy(controller.Limit * bytesPerRequest));
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
    public void Next_Increase_AddsAQuarter(int initial, int expected)
    {
        // No doubling: the utility starts at the fixed default's open requests, and doubling from there overshot a
        // server that limits its request rate (benchmarks/results/, 2026-11-23: "adaptive concurrency from 20").
        var controller = new ConcurrencyController(initial, floor: 2, ceiling: 100);

        controller.Next(Busy(initial * 1_000_000L));

        Assert.Equal(expected, controller.Limit);
    }

    [Fact]
    public void Next_IncreaseDoesNotRaiseThroughput_StepsBackToThePreviousBudget()
    {
        var controller = new ConcurrencyController(initial: 8, floor: 2, ceiling: 64);
        controller.Next(Busy(8_000_000));
        Assert.Equal(10, controller.Limit);

        controller.Next(Busy(8_000_000)); // settling after the change: skipped
        controller.Next(Busy(8_000_000)); // the verdict: the same bytes with more requests

        Assert.Equal(8, controller.Limit);
    }

    [Fact]
    public void Next_ThroughputFlat_NeverGrowsPastTheBudgetThatLastPaid()
    {
        // Throughput rises up to 12 requests, then stays flat: a saturated server.
        var controller = new ConcurrencyController(initial: 3, floor: 2, ceiling: 64);
        int highest = 0;
        for (int i = 0; i < 200; i++)
        {
            controller.Next(Busy(Math.Min(controller.Limit, 12) * 1_000_000L));
            highest = Math.Max(highest, controller.Limit);
        }

        // Probes may go above 12 for a window, but the budget keeps returning to the level that paid.
        Assert.InRange(controller.Limit, 12, 15);
        Assert.True(highest <= 24, $"probed up to {highest}");
    }

    [Fact]
    public void Next_SlowDown_HalvesTheBudget()
    {
        var controller = new ConcurrencyController(initial: 32, floor: 2, ceiling: 64);

        controller.Next(Busy(32_000_000, throttled: 3));

        Assert.Equal(16, controller.Limit);
    }

    [Fact]
    public void Next_RepeatedSlowDowns_StopAtTheFloor()
    {
        var controller = new ConcurrencyController(initial: 32, floor: 2, ceiling: 64);

        for (int i = 0; i < 10; i++)
        {
            controller.Next(Busy(1_000_000, throttled: 1));
        }

        Assert.Equal(2, controller.Limit);
    }

    [Fact]
    public void Next_ThroughputFallsTwoWindowsInARow_StepsBack()
    {
        var controller = new ConcurrencyController(initial: 16, floor: 2, ceiling: 16);
        controller.Next(Busy(16_000_000));
        controller.Next(Busy(16_000_000));

        controller.Next(Busy(8_000_000));
        Assert.Equal(16, controller.Limit);
        controller.Next(Busy(8_000_000));

        Assert.Equal(12, controller.Limit);
    }

    [Fact]
    public void Next_NobodyWaitedForASlot_KeepsTheBudget()
    {
        var controller = new ConcurrencyController(initial: 10, floor: 2, ceiling: 64);

        for (int i = 0; i < 20; i++)
        {
            controller.Next(new ThroughputSample(10_000_000, Window, SaturatedShare: 0.1, Throttled: 0));
        }

        Assert.Equal(10, controller.Limit);
    }

    [Fact]
    public void Next_AfterSlowDown_GrowsAgainOnlyAfterWaiting()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 2, ceiling: 64);
        controller.Next(Busy(20_000_000, throttled: 1));
        Assert.Equal(10, controller.Limit);

        // The hold after a throttle spans more windows than the minimum wait.
        for (int i = 0; i < ConcurrencyController.MinHold; i++)
        {
            controller.Next(Busy(10_000_000));
            Assert.Equal(10, controller.Limit);
        }
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
    public void Restart_AfterGrowing_GoesBackToTheInitialBudget()
    {
        var controller = new ConcurrencyController(initial: 10, floor: 2, ceiling: 64);
        FeedLinear(controller, 1_000_000, windows: 10);
        Assert.True(controller.Limit > 10);

        Assert.Equal(10, controller.Restart());
    }
}
