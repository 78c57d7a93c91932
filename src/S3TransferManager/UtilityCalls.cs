using S3TransferManager.Requests;
using S3TransferManager.Scheduling;

namespace S3TransferManager;

/// <summary>
/// The S3 calls a program sends beside its transfers (s3tm's listings, deletes and bucket calls): the utility's one
/// request path, <see cref="S3Calls"/>, and a lane of its budget to take their slots from. Each call so takes a slot in
/// this lane's turn, its answer is bounded as its kind's is (docs/timeouts.md), a stalled attempt is sent again, and its
/// token cancels it. One per command; disposing it closes the lane (calls still waiting for a slot are cancelled).
/// </summary>
internal sealed class UtilityCalls : IDisposable
{
    private readonly TransferLane _lane;

    public UtilityCalls(TransferResources resources)
    {
        S3 = resources.S3;
        _lane = resources.Scheduler.OpenLane();
    }

    /// <summary>The utility's one request path.</summary>
    public S3Calls S3 { get; }

    /// <summary>A slot for one call, taken in this lane's turn and held until the call is answered.</summary>
    public CallSlot Slot => CallSlot.Take(_lane);

    public void Dispose() => _lane.Dispose();
}
