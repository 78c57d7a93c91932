using S3TransferManager.Scheduling;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Upload;

/// <summary>A turn starts at most one part early, and none once its worker has moved on.</summary>
public sealed class UploadTurnTests
{
    private readonly RequestLease _lease = RequestLease.Lend(new RequestScheduler(1));
    private int _attempts;

    [Fact]
    public void BodySent_Twice_StartsOneSuccessorOnTheSlotGiven()
    {
        UploadTurn turn = Turn(successorReady: true);

        turn.BodySent(() => _lease);
        turn.BodySent(() => _lease);

        Assert.Equal(1, _attempts);
        Assert.Same(_lease, turn.Close()?.EarlyLease);
    }

    [Fact]
    public void BodySent_NothingReadyTheFirstTime_StartsTheSuccessorOnALaterCall()
    {
        bool ready = false;
        UploadTurn turn = Turn(() => ready);

        turn.BodySent(() => _lease);
        ready = true;
        turn.BodySent(() => _lease);

        Assert.Equal(2, _attempts);
        Assert.NotNull(turn.Close());
    }

    [Fact]
    public void BodySent_AfterClose_StartsNothing()
    {
        UploadTurn turn = Turn(successorReady: true);

        Assert.Null(turn.Close());
        turn.BodySent(() => _lease);

        Assert.Equal(0, _attempts);
    }

    private UploadTurn Turn(bool successorReady) => Turn(() => successorReady);

    // The start function records each attempt and yields a successor only when one is "ready".
    private UploadTurn Turn(Func<bool> successorReady) =>
        new(new PartBody(1, Stream.Null, 0), null, slotAtHand =>
        {
            _attempts++;
            return successorReady() ? new UploadTurn(new PartBody(2, Stream.Null, 0), slotAtHand(), _ => null) : null;
        });
}
