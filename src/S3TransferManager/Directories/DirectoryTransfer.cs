using System.Runtime.CompilerServices;
using S3TransferManager.Events;
using S3TransferManager.Resume;

namespace S3TransferManager.Directories;

/// <summary>
/// The run a directory download, upload and copy share, each command keeping only how it finds its entries and how it
/// transfers one: the entries feed a <see cref="DirectoryRunner{T}"/> on the utility's one request budget; each entry's
/// bytes count in <see cref="Progress"/> from its start until it completes, or are taken back out when it fails; a
/// failure raises the entry's failed event (unless the run was cancelled), an error that ends the run the transfer's;
/// and the journal of the entries an earlier run finished is marked completed only when every entry succeeded.
/// </summary>
internal sealed class DirectoryTransfer<TItem, TArgs>
{
    private readonly DirectoryRunner<TItem> _runner;

    /// <param name="resources">The utility's shared resources.</param>
    /// <param name="policy">What a failed entry does to the others.</param>
    /// <param name="size">An entry's size. Of the entries found ahead, a free worker takes the largest: a big one found
    /// late would otherwise run its parts alone at the end.</param>
    /// <param name="progress">The transfer's progress.</param>
    public DirectoryTransfer(TransferResources resources, FailurePolicy policy, Func<TItem, long> size, DirectoryProgress<TArgs> progress)
    {
        // Every request of every entry draws on the utility's one budget, so workers only wait there; twice the budget
        // keeps it busy while some are between entries.
        _runner = new DirectoryRunner<TItem>(2 * resources.Scheduler.Ceiling, policy, DirectoryLookahead.Items, size);
        Progress = progress;
    }

    public DirectoryProgress<TArgs> Progress { get; }

    /// <summary>The bytes earlier runs moved and this one did not, and the bytes this one moved.</summary>
    public ResumeTotals Totals { get; } = new();

    /// <summary>The entries an earlier, interrupted run of this request finished; null when resume is off.</summary>
    public DirectoryJournal? Journal { get; private set; }

    public long Succeeded => _runner.Succeeded;

    /// <summary>The first <see cref="DirectoryRunner{T}.MaxErrorsKept"/> failures, in the order they happened.</summary>
    public List<Exception> Errors => _runner.Errors;

    /// <summary>The response of a directory download or upload: the runner's counts and errors, and the bytes.</summary>
    public TResponse Respond<TResponse>(Func<long, long, IList<Exception>, TResponse> create)
        where TResponse : DirectoryTransferResponse
    {
        TResponse response = create(_runner.Succeeded, _runner.Failed, _runner.Errors);
        response.ResumedBytes = Totals.Resumed;
        response.TransferredBytes = Totals.Transferred;
        return response;
    }

    /// <summary>Runs every entry: returns when all are done, or throws the first error under
    /// <see cref="FailurePolicy.AbortOnFailure"/>, or the listing's.</summary>
    /// <param name="start">What comes before the listing (a local folder made, the journal opened), returning the
    /// journal; null for a transfer with none.</param>
    /// <param name="find">The entries, found lazily.</param>
    /// <param name="transfer">One entry's transfer, through <see cref="TransferEntryAsync"/>.</param>
    /// <param name="raiseFailed">Raises the transfer's failed event for the error that ends it.</param>
    /// <param name="cancellationToken">Cancels the run.</param>
    public async Task RunAsync(Func<CancellationToken, ValueTask<DirectoryJournal?>>? start,
        Func<CancellationToken, IAsyncEnumerable<TItem>> find, Func<TItem, CancellationToken, Task> transfer, Action<Exception> raiseFailed,
        CancellationToken cancellationToken)
    {
        bool finished = false;
        try
        {
            Journal = start is null ? null : await start(cancellationToken).ConfigureAwait(false);
            await _runner.RunAsync(find, transfer, cancellationToken).ConfigureAwait(false);
            finished = _runner.Errors.Count == 0;
        }
        catch (Exception e)
        {
            raiseFailed(e);
            throw;
        }
        finally
        {
            // Kept unless every entry succeeded: the next identical request skips those that did.
            if (finished)
            {
                Journal?.Completed();
            }

            Journal?.Dispose();
        }
    }

    /// <summary>One entry's transfer, with its progress: completed under the name and length the transfer returns (a
    /// progress handler that throws then fails the entry, as its own progress handler would), or taken back out when it
    /// fails.</summary>
    /// <param name="transfer">Transfers the entry, reporting its bytes into the box it is given.</param>
    /// <param name="raiseFailed">Raises the entry's failed event (see <see cref="FailedEvent"/>), for a failure that is
    /// not the run's cancellation.</param>
    /// <param name="cancellationToken">The run's token.</param>
    public async Task TransferEntryAsync(Func<StrongBox<long>, Task<(string? Name, long Length)>> transfer, Action<Exception> raiseFailed,
        CancellationToken cancellationToken)
    {
        StrongBox<long> moved = DirectoryProgress<TArgs>.StartFile();
        try
        {
            (string? name, long length) = await transfer(moved).ConfigureAwait(false);
            Progress.Completed(moved, name, length);
        }
        catch (Exception e)
        {
            Progress.Failed(moved);
            if (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
            {
                raiseFailed(e);
            }

            throw;
        }
    }
}
