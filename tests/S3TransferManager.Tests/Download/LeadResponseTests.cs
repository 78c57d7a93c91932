using Amazon.S3.Model;
using Microsoft.Extensions.Time.Testing;
using S3TransferManager.Download;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Download;

/// <summary>A first answer that covers more than part 1: handed from part to part while its pace says one connection
/// is quick enough, and given up for parallel ranged GETs as soon as it says it is not.</summary>
public sealed class LeadResponseTests
{
    private const long MiB = 1024 * 1024;
    private static readonly TimeSpan FirstByte = TimeSpan.FromMilliseconds(100);
    private readonly FakeTimeProvider _time = new();
    private int _splits;

    private LeadResponse Lead(long covered = 64 * MiB, bool firm = false) => new(_time, FirstByte, covered, firm, () => _splits++);

    [Fact]
    public async Task TakeAsync_PartBeforeHandsOver_GetsTheResponseAndTheNextWaitsItsTurn()
    {
        using LeadResponse lead = Lead();
        using var response = new GetObjectResponse();
        ValueTask<(GetObjectResponse, RequestLease?)?> third = lead.TakeAsync(3, CancellationToken.None);

        Assert.True(lead.HandOver(2, (16 * MiB) - 1, response, null));
        (GetObjectResponse, RequestLease?)? second = await lead.TakeAsync(2, CancellationToken.None);

        Assert.Same(response, second!.Value.Item1);
        Assert.False(third.IsCompleted);
        Assert.True(lead.HandOver(3, (24 * MiB) - 1, response, null));
        Assert.Same(response, (await third.AsTask().WaitAsync(TimeSpan.FromSeconds(10)))!.Value.Item1);
        Assert.Equal(0, _splits);
    }

    [Fact]
    public async Task Observe_RestWouldTakeLongerThanFourFirstByteWaits_SendsEveryWaitingPartInParallelOnce()
    {
        using LeadResponse lead = Lead();
        ValueTask<(GetObjectResponse, RequestLease?)?> waiting = lead.TakeAsync(2, CancellationToken.None);
        // 1 MiB in 100 ms of waiting: the 63 MiB left would take 6.3 s on this connection, against 0.4 s of first-byte waits.
        lead.Observe(1, FirstByte, FirstByte, MiB, MiB, partEnd: false);
        lead.Observe(1, FirstByte, FirstByte, MiB, MiB, partEnd: false);

        Assert.Null(await waiting.AsTask().WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.False(lead.Chains);
        Assert.Equal(1, _splits);
    }

    [Fact]
    public void Observe_RestWithinFourFirstByteWaits_KeepsChaining()
    {
        using LeadResponse lead = Lead();
        // 32 MiB in 100 ms: the 32 MiB left come in another 100 ms.
        lead.Observe(1, FirstByte, FirstByte, 32 * MiB, 32 * MiB, partEnd: false);

        Assert.True(lead.Chains);
    }

    [Fact]
    public void Observe_PaceWatchedShorterThanTheFirstByteWaitInPart1_IsNotBelieved()
    {
        using LeadResponse lead = Lead();
        // Slow (a new process's read path compiling), but watched for half a first-byte wait, and in part 1.
        var half = TimeSpan.FromMilliseconds(50);
        lead.Observe(1, half, half, 64 * 1024, 64 * 1024, partEnd: true);

        Assert.True(lead.Chains);
    }

    [Fact]
    public void Observe_AWholeLaterPartsPace_IsBelievedHoweverShort()
    {
        using LeadResponse lead = Lead();
        var half = TimeSpan.FromMilliseconds(50);
        lead.Observe(2, half, half, MiB, 9 * MiB, partEnd: true);

        Assert.False(lead.Chains);
    }

    [Fact]
    public void Observe_Firm_NeverGoesParallel()
    {
        using LeadResponse lead = Lead(firm: true);

        lead.Observe(2, FirstByte, FirstByte, MiB, 9 * MiB, partEnd: true);

        Assert.True(lead.Chains);
        Assert.False(lead.Watching);
    }

    [Fact]
    public void Observe_ASlowReaderOnAQuickConnection_KeepsChaining()
    {
        using LeadResponse lead = Lead();

        // 1 MiB in a second, but the reads waited only 5 ms for it: the reader is slow, not the connection.
        lead.Observe(2, TimeSpan.FromSeconds(1), TimeSpan.FromMilliseconds(5), MiB, 9 * MiB, partEnd: true);

        Assert.True(lead.Chains);
    }

    [Fact]
    public void HandOver_NextPartBeyondWhatTheBodyCovers_IsRefused()
    {
        using LeadResponse lead = Lead(covered: 12 * MiB);
        using var response = new GetObjectResponse();

        Assert.False(lead.HandOver(2, (16 * MiB) - 1, response, null));
    }

    [Fact]
    public async Task Lose_WhileAPartWaits_SendsItsOwnRequest()
    {
        using LeadResponse lead = Lead();
        ValueTask<(GetObjectResponse, RequestLease?)?> waiting = lead.TakeAsync(2, CancellationToken.None);

        lead.Lose();

        Assert.Null(await waiting.AsTask().WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(1, _splits);
    }

    [Fact]
    public async Task Dispose_AResponseHandedOverAndNotTaken_IsClosedAndTheSlotGivenBack()
    {
        var scheduler = new RequestScheduler(2);
        using TransferLane lane = scheduler.OpenLane();
        RequestLease lease = await lane.AcquireAsync(CancellationToken.None);
        var body = new ClosingStream();
        var response = new GetObjectResponse { ResponseStream = body };
        LeadResponse lead = Lead();
        Assert.True(lead.HandOver(2, (16 * MiB) - 1, response, lease));

        lead.Dispose();

        Assert.True(body.Closed);
        Assert.Equal(0, scheduler.InFlight);
        Assert.Equal(0, _splits);
    }

    private sealed class ClosingStream : MemoryStream
    {
        public bool Closed { get; private set; }

        protected override void Dispose(bool disposing)
        {
            Closed = true;
            base.Dispose(disposing);
        }
    }
}
