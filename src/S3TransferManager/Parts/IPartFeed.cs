using System.Diagnostics.CodeAnalysis;

namespace S3TransferManager.Parts;

/// <summary>
/// Where a <see cref="PartEngine{TPart, TStarted}"/> claims its parts, in order: numbers known up front (a download's
/// ranges, <see cref="NumberedParts"/>), or parts read ahead from a source (an upload's). Claims come from several
/// workers at once, and from a part's early start, which must not wait: hence a synchronous
/// <see cref="TryClaim"/> beside the asynchronous <see cref="WaitToClaimAsync"/>, as a channel reader has.
/// </summary>
/// <typeparam name="TPart">What one part is: its number, or its body.</typeparam>
internal interface IPartFeed<TPart>
{
    /// <summary>Makes the parts, when they have to be made (read ahead from a source), until there are no more or the
    /// token is cancelled. Runs once, beside the workers; the engine bounds it after a failure as it bounds a part.</summary>
    Task ProduceAsync(CancellationToken cancellationToken);

    /// <summary>True when a part may be claimed now or later; false once every part was claimed.</summary>
    ValueTask<bool> WaitToClaimAsync(CancellationToken cancellationToken);

    /// <summary>Whether a part could be claimed now, without waiting (a hint: another claim may take it first).</summary>
    bool IsPartReady { get; }

    /// <summary>The next part in order, if one is ready now; never waits.</summary>
    bool TryClaim([MaybeNullWhen(false)] out TPart part);

    /// <summary>The run is over: parts made and never claimed (the run stopped first) are let go. A claimed part is its
    /// work's to let go.</summary>
    void DiscardUnclaimed();
}
