namespace S3TransferManager.InMemoryS3.Throttling;

/// <summary>
/// Serves a few requests at a time and queues the rest, first come first served, as a small server does (a NAS, a
/// single MinIO node, moto): a queued request waits, with no byte of its answer sent, until one being served ends. A
/// client that gives up while queued leaves the queue.
/// </summary>
/// <remarks>Invariant: <see cref="_serving"/> counts the requests let through and not yet ended; it exceeds the limit
/// never, and is below it only while nobody waits. Guarded by <see cref="_lock"/>.</remarks>
internal sealed class ServiceQueue(int servedAtOnce)
{
    private readonly Lock _lock = new();
    private readonly LinkedList<TaskCompletionSource> _waiting = new();
    private int _serving;

    /// <summary>Waits for the request's turn; dispose the result when it ends.</summary>
    /// <exception cref="OperationCanceledException">The client went away while queued.</exception>
    public async ValueTask<IDisposable> EnterAsync(CancellationToken cancellationToken)
    {
        TaskCompletionSource turn;
        LinkedListNode<TaskCompletionSource> node;
        lock (_lock)
        {
            if (_serving < servedAtOnce)
            {
                _serving++;
                return new Turn(this);
            }

            turn = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            node = _waiting.AddLast(turn);
        }

        try
        {
            await turn.Task.WaitAsync(cancellationToken);
            return new Turn(this);
        }
        catch (OperationCanceledException)
        {
            lock (_lock)
            {
                if (node.List is not null)
                {
                    _waiting.Remove(node);
                    throw;
                }
            }

            // Let through just as the client gave up: pass the turn on.
            Leave();
            throw;
        }
    }

    private void Leave()
    {
        TaskCompletionSource? next = null;
        lock (_lock)
        {
            if (_waiting.First is { } first)
            {
                _waiting.RemoveFirst();
                next = first.Value;
            }
            else
            {
                _serving--;
            }
        }

        next?.TrySetResult();
    }

    private sealed class Turn(ServiceQueue queue) : IDisposable
    {
        private int _left;

        public void Dispose()
        {
            if (Interlocked.Exchange(ref _left, 1) == 0)
            {
                queue.Leave();
            }
        }
    }
}
