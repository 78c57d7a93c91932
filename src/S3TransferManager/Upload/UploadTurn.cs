using S3TransferManager.Scheduling;

namespace S3TransferManager.Upload;

/// <summary>
/// One part's upload on one of <see cref="PartPipeline"/>'s workers: the part, the slot it was started early on
/// (<see cref="EarlyLease"/>), and <see cref="BodySent"/>, through which this part starts the worker's next part
/// while its own request waits for its response.
/// </summary>
/// <remarks>Why: an upload's connection sits idle from its body's last byte until S3 answers (the first-byte latency,
/// ~20 ms on S3, a tenth of an 8 MiB part at 60 MB/s). Sending the next part then, on a slot at hand (a free one, or a
/// second hold of this part's own, <see cref="TransferLane.TryAcquireFollowing"/>), hides it, as downloads do between
/// their parts. Invariants: at most one successor per turn; once the worker has moved on (<see cref="Close"/>) none is
/// started, so every part started early has a worker that waits for it. Guarded by <see cref="_lock"/>.</remarks>
internal sealed class UploadTurn
{
    private readonly Lock _lock = new();
    private readonly Func<Func<RequestLease?>, UploadTurn?> _startEarly;
    private UploadTurn? _successor;
    private bool _closed;

    /// <param name="part">The part to upload.</param>
    /// <param name="earlyLease">The slot the part was started early on; null for a part taken in the ordinary way.</param>
    /// <param name="startEarly">Starts the next part ready with a lease from the function given; null when no part is
    /// ready or no slot is at hand.</param>
    internal UploadTurn(PartBody part, RequestLease? earlyLease, Func<Func<RequestLease?>, UploadTurn?> startEarly)
    {
        Part = part;
        EarlyLease = earlyLease;
        _startEarly = startEarly;
    }

    /// <summary>The part to upload.</summary>
    public PartBody Part { get; }

    /// <summary>The slot this part was started early on, already held: its request needs no other. Null when the part
    /// was taken in the ordinary way and waits its turn of a slot. The pipeline lets it go when the part ends, if the
    /// upload has not.</summary>
    public RequestLease? EarlyLease { get; }

    /// <summary>The upload of this part, started by the pipeline; it never faults (failures go to the pipeline).</summary>
    internal Task Completion { get; set; } = Task.CompletedTask;

    /// <summary>Says this part's body has been handed to the connection and its request now waits for the response:
    /// the next part ready, if any, starts now on the slot <paramref name="slotAtHand"/> gives (null: none, and the
    /// part is left for a worker). Once a successor has started (a retried body ends again), and after the turn
    /// closed, calls do nothing.</summary>
    public void BodySent(Func<RequestLease?> slotAtHand)
    {
        lock (_lock)
        {
            if (_closed || _successor is not null)
            {
                return;
            }

            _successor = _startEarly(slotAtHand);
        }
    }

    /// <summary>Ends the turn: returns the part it started early (null when none), and refuses every later
    /// <see cref="BodySent"/>.</summary>
    internal UploadTurn? Close()
    {
        lock (_lock)
        {
            _closed = true;
            return _successor;
        }
    }
}
