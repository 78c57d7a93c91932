using System.Diagnostics;

namespace S3TransferManager.Requests;

/// <summary>
/// What one S3 call is, as <see cref="RequestSender"/> sends it. Built by <see cref="S3Calls"/> from the request it
/// sends and the caller's few choices.
/// </summary>
/// <param name="Target">The operation, object and part, for metrics, log lines and errors.</param>
/// <param name="Kind">Sets the answer's bound, what it teaches, and whether the call is sent again.</param>
internal readonly record struct CallSpec(RequestTarget Target, RequestKind Kind)
{
    /// <summary>How the call holds its slot of the budget.</summary>
    public CallSlot Slot { get; init; }

    /// <summary>The bytes of its body (an upload's) or that it copies (a copy's); 0 for neither.</summary>
    public long Bytes { get; init; }

    /// <summary>The ETag the call is pinned to (If-Match, or a copy's x-amz-copy-source-if-match): a 412 says the object
    /// changed (<see cref="ObjectModifiedException"/>). Null: not pinned.</summary>
    public string? PinnedETag { get; init; }

    /// <summary>The object <see cref="PinnedETag"/> names, when not the target's (a copy's source).</summary>
    public (string BucketName, string Key)? PinnedObject { get; init; }

    /// <summary>The attempts the call may make, shared with whatever else spends them (a part's body resumes); null:
    /// its own, one plus the policy's retries (one for <see cref="RequestKind.Complete"/>).</summary>
    public AttemptBudget? Attempts { get; init; }

    /// <summary>Whether a slow answer gets a second attempt alongside (when the utility hedges).</summary>
    public bool Hedged { get; init; }

    /// <summary>The span its stalls, retries and hedges are put on; null: the transfer's.</summary>
    public Activity? Span { get; init; }
}
