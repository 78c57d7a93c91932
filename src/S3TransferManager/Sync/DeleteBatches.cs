using System.Threading.Channels;

namespace S3TransferManager.Sync;

/// <summary>
/// Gathers the objects a sync's walk finds to delete into batches of up to <see cref="ObjectBatchDelete.MaxKeys"/> keys,
/// one DeleteObjects request each. At most <see cref="MaxBatchesAtOnce"/> batches wait or run at once: the walk waits
/// for a free one, so deletes found faster than they are done (a hard cap of one request at a time) cannot pile up in
/// memory. Used by the walk alone, one entry at a time.
/// </summary>
internal sealed class DeleteBatches
{
    private const int MaxBatchesAtOnce = 8;

    /// <summary>One item per batch handed out and not yet done: a semaphore the walk can wait on with its token.</summary>
    private readonly Channel<bool> _slots = Channel.CreateBounded<bool>(MaxBatchesAtOnce);

    /// <summary>The entries of the batch being filled.</summary>
    private List<SyncEntry> _pending = [];

    /// <returns>A full batch to hand to the workers, or null while the batch is filling.</returns>
    public ValueTask<SyncItem?> AddAsync(SyncEntry entry, CancellationToken cancellationToken)
    {
        _pending.Add(entry);
        return _pending.Count == ObjectBatchDelete.MaxKeys ? TakeAsync(cancellationToken) : ValueTask.FromResult<SyncItem?>(null);
    }

    /// <returns>The last, partly filled batch, or null when there is none.</returns>
    public ValueTask<SyncItem?> FlushAsync(CancellationToken cancellationToken) =>
        _pending.Count > 0 ? TakeAsync(cancellationToken) : ValueTask.FromResult<SyncItem?>(null);

    /// <summary>A batch handed out is finished (deleted, failed or only reported in a dry run): its place is free.</summary>
    public void Done() => _slots.Reader.TryRead(out _);

    private async ValueTask<SyncItem?> TakeAsync(CancellationToken cancellationToken)
    {
        await _slots.Writer.WriteAsync(true, cancellationToken).ConfigureAwait(false);
        List<SyncEntry> batch = _pending;
        _pending = [];
        return new SyncItem(SyncAction.Delete, SyncReason.MissingAtSource, null, batch[0], batch);
    }
}
