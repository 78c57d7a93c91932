using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>Which budget the settings give, where it starts, and how high it may go.</summary>
public sealed class RequestBudgetTests
{
    private static (RequestScheduler Scheduler, ConcurrencyTuner? Tuner) Create(int? concurrent, int? max, int processors = 2,
        EngineTuning? tuning = null)
    {
        var config = new TransferUtilityConfig { MaxConcurrentServiceRequests = max, ConcurrentServiceRequests = concurrent };
        return RequestBudget.Create(config.Validated(), tuning ?? EngineTuning.Default, TimeProvider.System, processors);
    }

    [Theory]
    [InlineData(null, null, 8, 64)] // automatic: a first contact of 8, growing on quick answers to the start of 20
    [InlineData(null, 12, 8, 12)] // automatic under a lower ceiling: first contact grows to 12
    [InlineData(6, 64, 6, 6)] // both set: automatic, below both, and below a first contact
    public void Create_Automatic_StartsAndEndsWhereTheSettingsSay(int? concurrent, int? max, int start, int ceiling)
    {
        (RequestScheduler scheduler, ConcurrencyTuner? tuner) = Create(concurrent, max);

        Assert.NotNull(tuner);
        Assert.Equal(start, scheduler.MaxRequestsInFlight);
        Assert.Equal(ceiling, scheduler.Ceiling);
    }

    [Theory]
    [InlineData(null, null, 20)] // automatic: starts at the 20 requests the fixed default of 10 had open
    [InlineData(null, 12, 12)] // automatic under a lower ceiling
    public void Create_FirstContactTunedOff_StartsAtTheAutomaticStart(int? concurrent, int? max, int start)
    {
        (RequestScheduler scheduler, _) = Create(concurrent, max, tuning: new EngineTuning { FirstContactStart = null });

        Assert.Equal(start, scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public void Create_ConcurrentServiceRequestsAlone_IsAFixedHardCap()
    {
        (RequestScheduler scheduler, ConcurrencyTuner? tuner) = Create(concurrent: 10, max: null);

        Assert.Null(tuner);
        Assert.Equal(10, scheduler.MaxRequestsInFlight);
        Assert.Equal(10, scheduler.Ceiling);
        Assert.False(scheduler.AllowsSharedSlots);
        Assert.Equal(long.MaxValue, scheduler.MaxBytesInFlight);
    }

    [Fact]
    public void Create_Default_HoldsTheBytesInFlightToTheMemoryBudgetAndLetsSlotsCarryEarlyRequests()
    {
        (RequestScheduler scheduler, _) = Create(concurrent: null, max: null);

        Assert.Equal(new TransferUtilityConfig().BufferMemoryLimit, scheduler.MaxBytesInFlight);
        Assert.True(scheduler.AllowsSharedSlots);
    }

    [Fact]
    public void Create_ACeilingSet_CountsEveryRequest()
    {
        Assert.False(Create(concurrent: null, max: 32).Scheduler.AllowsSharedSlots);
    }

    [Theory]
    [InlineData(1, 64)]
    [InlineData(2, 64)]
    [InlineData(4, 128)]
    [InlineData(64, 256)]
    public void Create_Default_CeilingFitsTheMachine(int processors, int ceiling)
    {
        Assert.Equal(ceiling, Create(concurrent: null, max: null, processors).Scheduler.Ceiling);
    }

    [Fact]
    public void StartingRequests_FixedOrAutomatic_IsWhatATransferCanCountOn()
    {
        Assert.Equal(20, RequestBudget.StartingRequests(new TransferUtilityConfig().Validated(), EngineTuning.Default, 2));
        Assert.Equal(7, RequestBudget.StartingRequests(new TransferUtilityConfig { ConcurrentServiceRequests = 7 }.Validated(), EngineTuning.Default, 2));
    }

    [Fact]
    public void Create_FixedSharedRequestsTuned_IsTheFixedBudgetWithEarlyRequests()
    {
        var tuning = new EngineTuning { FixedSharedRequests = 10 };

        (RequestScheduler scheduler, ConcurrencyTuner? tuner) = Create(concurrent: null, max: null, tuning: tuning);

        Assert.Null(tuner);
        Assert.Equal(10, scheduler.MaxRequestsInFlight);
        Assert.True(scheduler.AllowsSharedSlots);
        Assert.Equal(10, RequestBudget.StartingRequests(new TransferUtilityConfig().Validated(), tuning, 2));
    }

    [Fact]
    public void Create_FixedSharedRequestsTunedButACapSet_KeepsTheCap()
    {
        (RequestScheduler scheduler, _) = Create(concurrent: 4, max: null, tuning: new EngineTuning { FixedSharedRequests = 10 });

        Assert.Equal(4, scheduler.MaxRequestsInFlight);
        Assert.False(scheduler.AllowsSharedSlots);
    }

    [Theory]
    [InlineData(32, 8L << 20, 256L << 20, 32)] // 256 MiB in 8 MiB parts under the default memory budget: every part
    [InlineData(128, 8L << 20, 256L << 20, 32)] // 1 GiB: as many as the memory budget holds
    [InlineData(8, 8L << 20, 256L << 20, 8)]
    [InlineData(1000, 1024, 256L << 20, 0)] // small requests: no say (their rate is what a rate limit counts)
    [InlineData(0, 8L << 20, 256L << 20, 0)]
    public void ForeseenStart_IsThePartsTheBytesInFlightHold(int parts, long partBytes, long maxBytesInFlight, int expected)
    {
        Assert.Equal(expected, RequestBudget.ForeseenStart(parts, partBytes, maxBytesInFlight));
    }
}
