using S3TransferManager.Sync;

namespace S3TransferManager;

/// <summary>Sync: a destination made to hold what a source holds, copying only what differs.</summary>
public sealed partial class TransferUtility
{
    /// <summary>
    /// Makes the destination hold what the source holds, as <c>aws s3 sync</c> does: local folder to prefix (uploads),
    /// prefix to local folder (downloads) or prefix to prefix (server-side copies). Both sides are listed as streams
    /// and walked together in key order, so memory does not grow with the number of keys; an entry missing at the
    /// destination, of another size, or newer at the source (see <see cref="SyncReason"/>) is copied, on the utility's
    /// one budget of <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/>. Options compare checksums instead of
    /// times, delete what the source lacks, filter, split the keys between processes, or only report.
    /// </summary>
    /// <param name="request">The two sides and the options.</param>
    /// <param name="cancellationToken">Cancels the sync; entries in flight stop and multipart transfers are aborted.</param>
    /// <returns>How many entries were transferred, deleted, left unchanged and failed.</returns>
    /// <exception cref="ArgumentException">Both or neither of a side's folder and bucket are set, both sides are local,
    /// the shard is out of range, or two prefixes of one bucket overlap. Nothing is sent.</exception>
    /// <exception cref="DirectoryNotFoundException">The source folder does not exist. Nothing is sent.</exception>
    /// <exception cref="InvalidOperationException">A listing was not in UTF-8 key order, so the two sides could not be
    /// matched safely; the entries walked before it were synced.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled.</exception>
    /// <remarks>Under <see cref="FailurePolicy.AbortOnFailure"/> the first entry's error is thrown after the entries in
    /// flight have been cancelled; under <see cref="FailurePolicy.ContinueOnFailure"/> errors are in the response. A
    /// failed listing is always thrown.</remarks>
    public Task<TransferUtilitySyncResponse> SyncWithResponseAsync(TransferUtilitySyncRequest request, CancellationToken cancellationToken = default) =>
        new SyncCommand(_resources, Checked(request, static r => r.Validate())).ExecuteAsync(cancellationToken);
}
