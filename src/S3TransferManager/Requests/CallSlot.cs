using S3TransferManager.Scheduling;

namespace S3TransferManager.Requests;

/// <summary>How a call holds its slot of the utility's request budget: it takes one in its transfer's turn and gives it
/// back once answered (<see cref="Take"/>); it runs on a slot its caller holds (<see cref="On"/>: a part's, which its
/// body keeps while it is read); or it takes none (<see cref="None"/>: cleanup, which never waits for the budget).</summary>
internal readonly struct CallSlot
{
    private CallSlot(TransferLane? lane, RequestCost cost, HeldLease? held)
    {
        Lane = lane;
        Cost = cost;
        Held = held;
    }

    /// <summary>No slot: the call goes out at once.</summary>
    public static CallSlot None => default;

    /// <summary>The lane to take a slot from; null when the call does not take its own.</summary>
    public TransferLane? Lane { get; }

    /// <summary>What the slot taken from <see cref="Lane"/> is lent for.</summary>
    public RequestCost Cost { get; }

    /// <summary>The slot the caller holds; null when it holds none.</summary>
    public HeldLease? Held { get; }

    /// <summary>A slot taken from <paramref name="lane"/> in its turn, for <paramref name="cost"/> (a control request's
    /// by default), held until the call is answered.</summary>
    public static CallSlot Take(TransferLane lane, RequestCost cost = default) => new(lane, cost, null);

    /// <summary>The slot <paramref name="held"/> holds: the caller keeps it after the call.</summary>
    public static CallSlot On(HeldLease held) => new(null, default, held);
}
