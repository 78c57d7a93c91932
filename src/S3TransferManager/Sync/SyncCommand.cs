using System.Runtime.CompilerServices;
using S3TransferManager.Directories;
using S3TransferManager.Events;

namespace S3TransferManager.Sync;

/// <summary>
/// Runs one sync: the source and destination listings (<see cref="S3Tree"/> or <see cref="LocalTree"/>, both in UTF-8
/// order) are merged by relative key (<see cref="MergeWalk"/>); the entries this shard owns and the filters include are
/// compared (<see cref="SyncComparison"/>), and what needs work feeds the directory runner, whose workers transfer or
/// delete it (<see cref="SyncActions"/>) under the request's failure policy. Nothing but the runner's bounded look-ahead
/// is held, so memory does not grow with the number of keys.
/// </summary>
internal sealed class SyncCommand
{
    private readonly TransferResources _resources;
    private readonly TransferUtilitySyncRequest _request;
    private readonly SyncSide _source;
    private readonly SyncSide _destination;
    private readonly SyncAction _transfer;
    private readonly SyncFilter _filter;
    private readonly SyncShard _shard;
    private readonly ChecksumComparison _checksums;
    private readonly SyncActions _actions;
    private readonly DeleteBatches _deletes = new();
    private readonly ObjectBatchDelete? _objectDeletes;
    private long _transferred;
    private long _deleted;
    private long _unchanged;
    private long _notComparable;

    public SyncCommand(TransferResources resources, TransferUtilitySyncRequest request)
    {
        _resources = resources;
        _request = request;
        _source = request.SourceDirectory is { } from ? SyncSide.Local(from) : SyncSide.S3(request.SourceBucket!, request.SourcePrefix);
        _destination = request.DestinationDirectory is { } to ? SyncSide.Local(to) : SyncSide.S3(request.DestinationBucket!, request.DestinationPrefix);
        _transfer = _source.IsLocal ? SyncAction.Upload : _destination.IsLocal ? SyncAction.Download : SyncAction.Copy;
        _filter = new SyncFilter(request.Filters);
        _shard = new SyncShard(request.ShardIndex, request.ShardCount);
        _checksums = new ChecksumComparison(resources, request);
        _actions = new SyncActions(resources, request, _source, _destination);
        _objectDeletes = _destination.IsLocal ? null : new ObjectBatchDelete(resources, _destination.Bucket!, request);
    }

    public async Task<TransferUtilitySyncResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        var runner = new DirectoryRunner<SyncItem>(2 * _resources.Scheduler.Ceiling, _request.FailurePolicy, DirectoryLookahead.Items,
            static item => item.Source?.Size ?? 0);
        await runner.RunAsync(PlanAsync, RunOneAsync, cancellationToken).ConfigureAwait(false);
        return new TransferUtilitySyncResponse(Interlocked.Read(ref _transferred), Interlocked.Read(ref _deleted),
            Interlocked.Read(ref _unchanged), Interlocked.Read(ref _notComparable), runner.Failed, runner.Errors);
    }

    /// <summary>The walk: every pair of this shard that the filters include and that needs work, in key order.</summary>
    private async IAsyncEnumerable<SyncItem> PlanAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach ((SyncEntry? source, SyncEntry? destination) in MergeWalk.PairAsync(
            EntriesAsync(_source, cancellationToken), EntriesAsync(_destination, cancellationToken), cancellationToken).ConfigureAwait(false))
        {
            string key = (source ?? destination)!.RelativeKey;
            if (!_shard.Owns(key) || !_filter.Includes(key))
            {
                continue;
            }

            if (source is null)
            {
                if (_request.Delete && _destination.IsLocal)
                {
                    yield return new SyncItem(SyncAction.Delete, SyncReason.MissingAtSource, null, destination);
                }
                else if (_request.Delete && await _deletes.AddAsync(destination!, cancellationToken).ConfigureAwait(false) is { } batch)
                {
                    yield return batch;
                }

                continue;
            }

            if (destination is null)
            {
                yield return new SyncItem(_transfer, SyncReason.MissingAtDestination, source, null);
                continue;
            }

            SyncReason? reason = _request.CompareChecksums
                ? (source.Size != destination.Size ? SyncReason.SizeDiffers : null)
                : SyncComparison.Decide(_transfer, source, destination, _request.ExactTimestamps);
            if (reason is not null || _request.CompareChecksums)
            {
                // Under checksum mode a same-sized pair goes to a worker with no reason yet: its HEAD and local CRC are
                // I/O, done in parallel there rather than one at a time in the walk.
                yield return new SyncItem(_transfer, reason, source, destination);
            }
            else
            {
                Interlocked.Increment(ref _unchanged);
            }
        }

        if (await _deletes.FlushAsync(cancellationToken).ConfigureAwait(false) is { } last)
        {
            yield return last;
        }
    }

    /// <summary>A side's entries in key order. A local walk runs ahead (<see cref="ReadAhead"/>), so it overlaps the
    /// other side's listing rather than waiting for its first page.</summary>
    private IAsyncEnumerable<SyncEntry> EntriesAsync(SyncSide side, CancellationToken cancellationToken) =>
        side.IsLocal
            ? ReadAhead.Of(token => LocalTree.WalkIfExists(side.Directory!, token), DirectoryLookahead.Items, cancellationToken)
            : S3Tree.ListAsync(_resources, side, _request, cancellationToken);

    private async Task RunOneAsync(SyncItem item, CancellationToken cancellationToken)
    {
        if (item.Batch is { } batch)
        {
            await DeleteBatchAsync(batch, cancellationToken).ConfigureAwait(false);
            return;
        }

        try
        {
            SyncReason? reason = item.Reason ?? await _checksums.CompareAsync(_source, item.Source!, _destination, item.Destination!,
                cancellationToken).ConfigureAwait(false);
            if (reason is not { } why)
            {
                Interlocked.Increment(ref _unchanged);
                return;
            }

            if (!_request.DryRun)
            {
                await _actions.RunAsync(item, cancellationToken).ConfigureAwait(false);
            }

            Interlocked.Increment(ref item.Action == SyncAction.Delete ? ref _deleted : ref _transferred);
            if (why == SyncReason.ChecksumNotComparable)
            {
                Interlocked.Increment(ref _notComparable);
            }

            _request.OnObject(Describe(item, why));
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            FailedEvent.Raise(_resources.Logger, nameof(_request.SyncObjectFailedEvent), (_source.Bucket ?? _destination.Bucket)!,
                item.RelativeKey, () => _request.OnObjectFailed(Describe(item, item.Reason ?? SyncReason.ChecksumNotComparable, e)));
            throw;
        }
    }

    /// <summary>One DeleteObjects for the batch: each key deleted is reported as done, each that failed as failed, and
    /// the failures are thrown together so the runner counts one per key.</summary>
    private async Task DeleteBatchAsync(IReadOnlyList<SyncEntry> batch, CancellationToken cancellationToken)
    {
        try
        {
            IReadOnlyList<(SyncEntry Entry, Exception Error)> failed = _request.DryRun ? []
                : await _objectDeletes!.DeleteAsync(batch, cancellationToken).ConfigureAwait(false);
            HashSet<SyncEntry> failedEntries = [.. failed.Select(static f => f.Entry)];
            foreach (SyncEntry entry in batch.Where(e => !failedEntries.Contains(e)))
            {
                Interlocked.Increment(ref _deleted);
                _request.OnObject(Describe(new SyncItem(SyncAction.Delete, SyncReason.MissingAtSource, null, entry), SyncReason.MissingAtSource));
            }

            foreach ((SyncEntry entry, Exception error) in failed)
            {
                var item = new SyncItem(SyncAction.Delete, SyncReason.MissingAtSource, null, entry);
                FailedEvent.Raise(_resources.Logger, nameof(_request.SyncObjectFailedEvent), _destination.Bucket!, entry.RelativeKey,
                    () => _request.OnObjectFailed(Describe(item, SyncReason.MissingAtSource, error)));
            }

            if (failed.Count > 0)
            {
                throw new EntriesFailedException([.. failed.Select(static f => f.Error)]);
            }
        }
        finally
        {
            _deletes.Done();
        }
    }

    private SyncObjectEventArgs Describe(SyncItem item, SyncReason reason, Exception? error = null)
    {
        string destination = _destination.Display(item.Destination?.Location ?? _destination.LocationOf(item.RelativeKey));
        string source = item.Source is { } s ? _source.Display(s.Location) : destination;
        return new SyncObjectEventArgs(item.Action, reason, source, destination, _request.DryRun, error);
    }
}
