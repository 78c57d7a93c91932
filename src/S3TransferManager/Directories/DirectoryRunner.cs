using System.Threading.Channels;

namespace S3TransferManager.Directories;

/// <summary>
/// Runs one job per item of a lazily produced sequence with a fixed number of workers behind a bounded channel, so a
/// listing of a million keys never sits in memory, and applies the <see cref="FailurePolicy"/>: under
/// <see cref="FailurePolicy.AbortOnFailure"/> the first failure cancels the producer and every job in flight.
/// </summary>
internal sealed class DirectoryRunner<T>
{
    private readonly int _workers;
    private readonly FailurePolicy _policy;
    private readonly List<Exception> _errors = [];
    private long _succeeded;

    public DirectoryRunner(int workers, FailurePolicy policy)
    {
        _workers = workers;
        _policy = policy;
    }

    public long Succeeded => Interlocked.Read(ref _succeeded);

    public List<Exception> Errors => _errors;

    /// <summary>Runs every job; returns when all are done, or throws the first error under AbortOnFailure.</summary>
    public async Task RunAsync(Func<CancellationToken, IAsyncEnumerable<T>> produce, Func<T, CancellationToken, Task> job,
        CancellationToken cancellationToken)
    {
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var channel = Channel.CreateBounded<T>(new BoundedChannelOptions(_workers * 2) { SingleWriter = true });
        Exception? first = null;

        async Task ProduceAsync()
        {
            try
            {
                await foreach (T item in produce(stop.Token).ConfigureAwait(false))
                {
                    await channel.Writer.WriteAsync(item, stop.Token).ConfigureAwait(false);
                }

                channel.Writer.TryComplete();
            }
            catch (Exception e)
            {
                channel.Writer.TryComplete(e);
                throw;
            }
        }

        async Task WorkAsync()
        {
            await foreach (T item in channel.Reader.ReadAllAsync(stop.Token).ConfigureAwait(false))
            {
                try
                {
                    await job(item, stop.Token).ConfigureAwait(false);
                    Interlocked.Increment(ref _succeeded);
                }
                catch (Exception e) when (!stop.IsCancellationRequested || e is not OperationCanceledException)
                {
                    lock (_errors)
                    {
                        _errors.Add(e);
                        first ??= e;
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
