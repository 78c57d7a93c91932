namespace S3TransferManager.Directories;

/// <summary>
/// Runs one job per item of a lazily produced sequence with a fixed number of workers behind a bounded
/// <see cref="LargestFirstQueue{T}"/>, so a listing of a million keys never sits in memory, and applies the
/// <see cref="FailurePolicy"/>: under <see cref="FailurePolicy.AbortOnFailure"/> the first failure cancels the producer
/// and every job in flight. Given a size, a free worker takes the largest item of the look-ahead, not the next found.
/// Failures are counted; the first <see cref="MaxErrorsKept"/> are kept (every one is also raised as an event by the
/// job), so a million failed keys hold no more than a thousand exceptions.
/// </summary>
internal sealed class DirectoryRunner<T>
{
    private readonly int _workers;
    private readonly FailurePolicy _policy;
    private readonly int _lookahead;
    private readonly Func<T, long>? _size;
    /// <summary>The errors kept for the response, at most; the rest are counted only.</summary>
    internal const int MaxErrorsKept = 1000;

    private readonly List<Exception> _errors = [];
    private long _succeeded;
    private long _failed;

    /// <param name="workers">Jobs at once.</param>
    /// <param name="policy">What a failed job does to the others.</param>
    /// <param name="lookahead">Items produced but not started, at most; 0 for twice <paramref name="workers"/>. The
    /// producer waits beyond it, so at most <paramref name="workers"/> + <paramref name="lookahead"/> + 1 items have been
    /// produced and not finished.</param>
    /// <param name="size">The size that orders the look-ahead, largest first; null to start items in the order produced.</param>
    public DirectoryRunner(int workers, FailurePolicy policy, int lookahead = 0, Func<T, long>? size = null)
    {
        _workers = workers;
        _policy = policy;
        _lookahead = lookahead > 0 ? lookahead : workers * 2;
        _size = size;
    }

    public long Succeeded => Interlocked.Read(ref _succeeded);

    /// <summary>The jobs that failed, every one.</summary>
    public long Failed => Interlocked.Read(ref _failed);

    /// <summary>The first <see cref="MaxErrorsKept"/> failures, in the order they happened.</summary>
    public List<Exception> Errors => _errors;

    /// <summary>Runs every job; returns when all are done, or throws the first error under AbortOnFailure.</summary>
    public async Task RunAsync(Func<CancellationToken, IAsyncEnumerable<T>> produce, Func<T, CancellationToken, Task> job,
        CancellationToken cancellationToken)
    {
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var queue = new LargestFirstQueue<T>(_lookahead, _size);
        Exception? first = null;

        async Task ProduceAsync()
        {
            try
            {
                await foreach (T item in produce(stop.Token).ConfigureAwait(false))
                {
                    await queue.WriteAsync(item, stop.Token).ConfigureAwait(false);
                }

                queue.Complete();
            }
            catch (Exception e)
            {
                queue.Complete(e);
                throw;
            }
        }

        async Task WorkAsync()
        {
            await foreach (T item in queue.ReadAllAsync(stop.Token).ConfigureAwait(false))
            {
                try
                {
                    await job(item, stop.Token).ConfigureAwait(false);
                    Interlocked.Increment(ref _succeeded);
                }
                catch (Exception e) when (!stop.IsCancellationRequested || e is not OperationCanceledException)
                {
                    // A job for several entries reports each failed entry; the first of them stands for the job.
                    IReadOnlyList<Exception> failures = e is EntriesFailedException several ? several.Failures : [e];
                    Interlocked.Add(ref _failed, failures.Count);
                    lock (_errors)
                    {
                        _errors.AddRange(failures.Take(MaxErrorsKept - _errors.Count));
                        first ??= failures[0];
                    }

                    if (_policy == FailurePolicy.AbortOnFailure)
                    {
                        await stop.CancelAsync().ConfigureAwait(false);
                        return;
                    }
                }
            }
        }

        Task producer = ProduceAsync();
        var tasks = new List<Task> { producer };
        for (int i = 0; i < _workers; i++)
        {
            tasks.Add(WorkAsync());
        }

        try
        {
            await Task.WhenAll(tasks).ConfigureAwait(false);
        }
        catch (Exception) when (first is not null)
        {
            // The cancellations that follow the first failure are its echo, not errors of their own.
        }

        cancellationToken.ThrowIfCancellationRequested();
        if (first is not null && _policy == FailurePolicy.AbortOnFailure)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(first);
        }

        // A failed listing is never one object's failure: it is thrown under either policy.
        if (producer.Exception?.InnerException is { } listing and not OperationCanceledException)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(listing);
        }
    }
}
