using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>Which budget the settings give, where it starts, and how high it may go.</summary>
public sealed class RequestBudgetTests
{
    private static readonly TimeSpan Window = TimeSpan.FromMilliseconds(50);

    private static (RequestScheduler Scheduler, ConcurrencyTuner? Tuner) Create(int? concurrent, int? max, int processors = 2)
    {
        var config = new TransferUtilityConfig { MaxConcurrentServiceRequests = max, ConcurrentServiceRequests = concurrent };
        return RequestBudget.Create(config.Validated(), TimeProvider.System, Window, processors);
    }

    [Theory]
    [InlineData(null, null, 20, 64)] // automatic: starts at the 20 requests the fixed default of 10 had open
    [InlineData(null, 12, 12, 12)] // automatic under a lower ceiling
    [InlineData(6, 64, 6, 6)] // both set: automatic, below both
    public void Create_Automatic_StartsAndEndsWhereTheSettingsSay(int? concurrent, int? max, int start, int ceiling)
    {
        (RequestScheduler scheduler, ConcurrencyTuner? tuner) = Create(concurrent, max);

        Assert.NotNull(tuner);
        Assert.Equal(start, scheduler.MaxRequestsInFlight);
        Assert.Equal(ceiling, scheduler.Ceiling);
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
        Assert.Equal(20, RequestBudget.StartingRequests(new TransferUtilityConfig().Validated(), 2));
        Assert.Equal(7, RequestBudget.StartingRequests(new TransferUtilityConfig { ConcurrentServiceRequests = 7 }.Validated(), 2));
    }
}
