using S3TransferManager.Resume;

namespace S3TransferManager;

/// <summary>Resumable transfers: what earlier runs left to resume, and giving it up (see
/// <see cref="TransferUtilityConfig.ResumeTransfers"/>). Both work whether resume is on or not, on the journal folders
/// the utility's settings name.</summary>
public sealed partial class TransferUtility
{
    /// <summary>
    /// Lists the transfers that earlier runs left to resume: the journals in
    /// <see cref="TransferUtilityConfig.ResumeJournalFolder"/> (uploads, directory transfers, and the index of download
    /// journals kept beside their files) and in <see cref="TransferUtilityConfig.DownloadJournalFolder"/>. Journals
    /// unused past <see cref="TransferUtilityConfig.ResumeJournalExpiry"/> are discarded first. A transfer running now
    /// (its journal is held) is not listed.
    /// </summary>
    /// <param name="cancellationToken">Cancels the expiry's requests (aborting expired uploads).</param>
    /// <returns>The resumable transfers, the least recently written first.</returns>
    public async Task<IReadOnlyList<ResumableTransfer>> ListResumableTransfersAsync(CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        var catalog = new JournalCatalog(_resources, JournalStore.PathsFor(_resources));
        await catalog.ExpireAsync(cancellationToken).ConfigureAwait(false);
        return catalog.List();
    }

    /// <summary>
    /// Gives up a resumable transfer: aborts its multipart upload (an upload's), deletes its temporary file (a
    /// download's), and deletes its journal. The next identical request then starts over.
    /// </summary>
    /// <param name="transfer">A transfer <see cref="ListResumableTransfersAsync"/> listed.</param>
    /// <param name="cancellationToken">Cancels the abort request.</param>
    /// <returns><see langword="false"/> when a running transfer holds the journal (nothing was discarded);
    /// <see langword="true"/> otherwise, also when the journal was already gone.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="transfer"/> is null.</exception>
    /// <exception cref="Amazon.S3.AmazonS3Exception">S3 refused to abort the upload (other than because it is gone);
    /// the journal is kept.</exception>
    /// <exception cref="InvalidOperationException">The transfer is an upload started against another endpoint
    /// (<see cref="ResumableTransfer.Endpoint"/>): its multipart upload can only be aborted there, so nothing is
    /// discarded. Expiry leaves such journals to a utility of their endpoint too.</exception>
    public Task<bool> DiscardResumableTransferAsync(ResumableTransfer transfer, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(transfer);
        ObjectDisposedException.ThrowIf(_disposed, this);
        return new JournalCatalog(_resources, JournalStore.PathsFor(_resources)).DiscardAsync(transfer, "discarded by the caller", cancellationToken);
    }
}
