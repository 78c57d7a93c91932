using System.Threading.Channels;
using Amazon.S3;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Requests;

/// <summary>
/// A request with no answer within its bound while the endpoint answered the utility's other requests waited in the
/// endpoint's queue: the automatic budget is cut (as for a 503) and the retry waits for a slot of the cut budget, so a
/// retry never raises the requests in flight. A request that stalled while nothing else moved is taken for a dead
/// connection: sent again on its own slot after the usual delay, with the budget left as it was.
/// </summary>
public sealed class CongestedRetryTests
{
    private static readonly TimeSpan StallTimeout = TimeSpan.FromSeconds(10);
    private readonly TimerRecordingTimeProvider _time = new();
    /// <summary>At each attempt as it is sent: the requests in flight, and the budget.</summary>
    private readonly Channel<(int InFlight, int Budget)> _inFlightAtAttempt = Channel.CreateUnbounded<(int, int)>();
    private readonly TransferResources _resources;

    public CongestedRetryTests()
    {
        // An automatic budget with a ceiling of 10: its first contact starts at 8, and a cut leaves 5 of 8.
        var config = new TransferUtilityConfig
        {
            MaxConcurrentServiceRequests = 10, BodyStallTimeout = StallTimeout, InterruptedBodyRetryDelay = TimeSpan.FromSeconds(1),
        }.Validated();
        _resources = new TransferResources(new Mock<IAmazonS3>().Object, config, NullLogger.Instance, timeProvider: _time);
    }

    [Fact]
    public async Task SendAsync_StalledWhileOthersAnswered_CutsTheBudgetAndRetriesOnlyOnceTheRequestsInFlightFitIt()
    {
        using TransferLane lane = _resources.Scheduler.OpenLane();
        Assert.Equal(8, _resources.Scheduler.MaxRequestsInFlight);
        List<RequestLease> others = await AcquireAsync(lane, 7);
        using var held = new HeldLease(lane, await lane.AcquireAsync(CancellationToken.None));
        var requeued = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Task<string> sent = SendAsync(held, requeued);
        Assert.Equal((8, 8), await NextAttemptAsync());

        // Another request is answered meanwhile; then the bound runs out with no answer to this one.
        _time.Advance(TimeSpan.FromSeconds(1));
        _resources.Activity.Moved();
        _time.Advance(StallTimeout);

        // Cut to 5 of 8 before the retry asks for a slot: with 7 others still in flight it waits, and is sent once 4 remain.
        await requeued.Task.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.Equal(5, _resources.Scheduler.MaxRequestsInFlight);
        for (int i = 0; i < 3; i++)
        {
            Assert.False(_inFlightAtAttempt.Reader.TryRead(out _), "the retry went out beside more requests than the cut budget");
            others[i].Dispose();
        }

        Assert.Equal((5, 5), await NextAttemptAsync());
        Assert.Equal("answered", await sent.WaitAsync(TimeSpan.FromSeconds(10)));
        others.ForEach(lease => lease.Dispose());
    }

    [Fact]
    public async Task SendAsync_StalledWhileNothingElseMoved_RetriesOnItsOwnSlotAndLeavesTheBudget()
    {
        using TransferLane lane = _resources.Scheduler.OpenLane();
        List<RequestLease> others = await AcquireAsync(lane, 7);
        using var held = new HeldLease(lane, await lane.AcquireAsync(CancellationToken.None));
        Task<string> sent = SendAsync(held);
        Assert.Equal((8, 8), await NextAttemptAsync());

        _time.Advance(StallTimeout);
        // The retry waits its delay (the first half fixed, so at least half a second), on the slot it holds.
        await _time.WaitForTimerAsync(due => due >= TimeSpan.FromMilliseconds(500) && due <= TimeSpan.FromSeconds(1));
        _time.Advance(TimeSpan.FromSeconds(1));

        Assert.Equal((8, 8), await NextAttemptAsync());
        Assert.Equal("answered", await sent.WaitAsync(TimeSpan.FromSeconds(10)));
        others.ForEach(lease => lease.Dispose());
    }

    /// <summary>A request whose first attempt never answers (until canceled) and whose second answers; each attempt
    /// reports the requests in flight as it is sent.</summary>
    /// <param name="held">The slot the request holds.</param>
    /// <param name="requeued">Completed once a retry has given its slot back and asked for another (queued, or lent at
    /// once); null: not told.</param>
    private Task<string> SendAsync(HeldLease held, TaskCompletionSource? requeued = null)
    {
        var spec = new CallSpec(new RequestTarget("GetObject", "b", "k"), RequestKind.Get) { Slot = CallSlot.On(held) };
        int attempts = 0;
        Task<string> sent = new RequestSender(_resources).SendAsync(spec, async (watch, _) =>
        {
            _inFlightAtAttempt.Writer.TryWrite((_resources.Scheduler.InFlight, _resources.Scheduler.MaxRequestsInFlight));
            if (++attempts == 1)
            {
                await Task.Delay(Timeout.InfiniteTimeSpan, watch.Token);
            }

            return "answered";
        }, CancellationToken.None);
        if (requeued is not null)
        {
            // The retry gives its slot back before it asks for the next one.
            _ = Task.Run(async () =>
            {
                while (held.Lease is not null || _resources.Scheduler.MaxRequestsInFlight == 8)
                {
                    await Task.Delay(5);
                }

                requeued.TrySetResult();
            });
        }

        return sent;
    }

    private async Task<(int InFlight, int Budget)> NextAttemptAsync() =>
        await _inFlightAtAttempt.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10));

    private static async Task<List<RequestLease>> AcquireAsync(TransferLane lane, int count)
    {
        var leases = new List<RequestLease>();
        for (int i = 0; i < count; i++)
        {
            leases.Add(await lane.AcquireAsync(CancellationToken.None));
        }

        return leases;
    }

}
