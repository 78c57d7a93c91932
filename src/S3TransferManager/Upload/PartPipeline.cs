using System.Diagnostics.CodeAnalysis;
using System.Runtime.ExceptionServices;
using System.Threading.Channels;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Upload;

/// <summary>
/// Reads parts in order on one producer and uploads them on <c>workers</c> workers, each one part at a time, save that
/// a part whose body has been sent may start the worker's next part while it waits for its response
/// (<see cref="UploadTurn.BodySent"/>). Reading ahead overlaps the uploads: at most <c>maxParts</c> parts exist at a
/// time (uploading, or read and waiting for a worker), which bounds the memory of buffered sources. The first failure
/// stops new parts and cancels those in flight. The pipeline returns once every part it started has finished and
/// disposed its body, or, after a failure or cancellation, once <c>drainLimit</c> has passed: a part upload or a source
/// read that ignores cancellation is left to finish (and dispose its own body) on its own, so the caller still gets an
/// answer. <see cref="StillRunning"/> says how many were left. A pipeline runs once.
/// </summary>
internal sealed class PartPipeline
{
    private readonly int _workers;
    private readonly Func<UploadTurn, CancellationToken, Task> _upload;
    private readonly TimeSpan _drainLimit;
    private readonly TimeProvider _time;

    // Parts in existence (uploading, or read and waiting): bounds buffered memory. Never disposed: a part left behind
    // after the drain limit still releases it, and a SemaphoreSlim whose wait handle was never asked for holds nothing.
    private readonly SemaphoreSlim _partSlots;

    // Parts read and not yet taken by a worker, in order.
    private readonly Channel<PartBody> _ready = Channel.CreateUnbounded<PartBody>(new UnboundedChannelOptions { SingleWriter = true });

    // Completed when _running reaches zero: every worker and the producer have stopped, so every started part is over.
    private readonly TaskCompletionSource _drained = new(TaskCreationOptions.RunContinuationsAsynchronously);

    // Workers and the producer not yet stopped.
    private int _running;

    // The first real failure; cancellations it causes in other parts are not recorded over it.
    private Exception? _firstError;

    // Every turn's way to start the next part early: one delegate for the run, not one per part.
    private readonly Func<Func<RequestLease?>, UploadTurn?> _startEarly;

    // Canceled by the caller or the first failure; disposed when RunAsync returns (Fail copes).
    private CancellationTokenSource? _failFast;

    // Its token, kept apart from the source, which RunAsync disposes.
    private CancellationToken _token;

    /// <param name="workers">Parts uploading at once, not counting parts started early by a sent body.</param>
    /// <param name="maxParts">Parts in existence at most; more than <paramref name="workers"/>, or nothing is ready
    /// for a worker when its part ends. Twice the workers and one lets every worker start its next part early.</param>
    /// <param name="upload">Uploads one part; its token is canceled by the first failure or the caller.</param>
    /// <param name="drainLimit">How long stopped parts are waited for after a failure or cancellation.</param>
    /// <param name="time">The clock of <paramref name="drainLimit"/>.</param>
    public PartPipeline(int workers, int maxParts, Func<UploadTurn, CancellationToken, Task> upload, TimeSpan drainLimit, TimeProvider? time = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(workers, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(maxParts, workers);
        _workers = workers;
        _upload = upload;
        _drainLimit = drainLimit;
        _time = time ?? TimeProvider.System;
        _partSlots = new SemaphoreSlim(maxParts, maxParts);
        _startEarly = StartEarly;
    }

    /// <summary>Workers (each waiting for its part), plus the producer's read of the source, that had not finished when
    /// <see cref="RunAsync"/> returned (only ever after a failure or cancellation).</summary>
    public int StillRunning => Volatile.Read(ref _running);

    public async Task RunAsync(IPartSource source, CancellationToken cancellationToken)
    {
        using var failFast = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        _failFast = failFast;
        _token = failFast.Token;
        _running = _workers + 1;
        // Not awaited directly: a source read that ignores cancellation (a caller's stream) is bounded like a part.
        _ = ProduceAllAsync(source);
        for (int i = 0; i < _workers; i++)
        {
            // On the pool, not on the caller's context; a worker records its errors, so its task never faults.
            _ = Task.Run(WorkAsync, CancellationToken.None);
        }

        await DrainAsync(failFast.Token).ConfigureAwait(false);
        cancellationToken.ThrowIfCancellationRequested();
        if (Volatile.Read(ref _firstError) is { } error)
        {
            ExceptionDispatchInfo.Throw(error);
        }
    }

    private async Task DrainAsync(CancellationToken failed)
    {
        // While nothing failed, the parts in flight are doing their job: wait for them as long as they take.
        await _drained.Task.WaitAsync(failed).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        if (!_drained.Task.IsCompleted)
        {
            // Every part has been told to stop; one that does not within the limit is not waited for any longer.
            await _drained.Task.WaitAsync(_drainLimit, _time, CancellationToken.None).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        }
    }

    private async Task ProduceAllAsync(IPartSource source)
    {
        try
        {
            await ProduceAsync(source, _token).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            Fail(e);
        }
        finally
        {
            _ready.Writer.TryComplete();
            Finished();
        }
    }

    private async Task ProduceAsync(IPartSource source, CancellationToken token)
    {
        while (true)
        {
            await _partSlots.WaitAsync(token).ConfigureAwait(false);
            PartBody? part;
            try
            {
                part = await source.ReadNextAsync(token).ConfigureAwait(false);
            }
            catch
            {
                _partSlots.Release();
                throw;
            }

            if (part is null)
            {
                _partSlots.Release();
                return;
            }

            // Unbounded, and completed only by this producer: the write always succeeds.
            _ready.Writer.TryWrite(part);
        }
    }

    private async Task WorkAsync()
    {
        CancellationToken token = _token;
        try
        {
            UploadTurn? turn = null;
            while (true)
            {
                if (turn is null)
                {
                    if (await TakeAsync(token).ConfigureAwait(false) is not { } part)
                    {
                        return;
                    }

                    // On this worker: it is on the pool, and waits for the part anyway.
                    turn = new UploadTurn(part, null, _startEarly);
                    turn.Completion = RunPartAsync(turn);
                }

                // Never faults. A part this one started early is waited for even after a failure: it is this
                // worker's to see to its end.
                await turn.Completion.ConfigureAwait(false);
                turn = turn.Close();
            }
        }
        catch (OperationCanceledException) when (token.IsCancellationRequested)
        {
            // Stopped by a failure or the caller; that error is recorded where it happened.
        }
        finally
        {
            Finished();
        }
    }

    /// <summary>The next part read, in order; null once the producer has stopped and every part was taken.</summary>
    private async ValueTask<PartBody?> TakeAsync(CancellationToken token)
    {
        while (await _ready.Reader.WaitToReadAsync(token).ConfigureAwait(false))
        {
            token.ThrowIfCancellationRequested();
            if (_ready.Reader.TryRead(out PartBody? part))
            {
                return part;
            }
        }

        return null;
    }

    /// <summary>The next part ready, started now on the slot <paramref name="slotAtHand"/> gives; null when no part is
    /// ready (reading the source is behind, or no part is left), no slot is at hand, or the run stopped.</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The lease goes to the part's turn, which lets it go when the part ends.")]
    private UploadTurn? StartEarly(Func<RequestLease?> slotAtHand)
    {
        // Peek first: a slot is only taken for a part that is there.
        if (_failFast!.IsCancellationRequested || !_ready.Reader.TryPeek(out _) || slotAtHand() is not { } lease)
        {
            return null;
        }

        // A worker may have taken the part meanwhile.
        if (!_ready.Reader.TryRead(out PartBody? next))
        {
            lease.Dispose();
            return null;
        }

        var turn = new UploadTurn(next, lease, _startEarly);
        // On the pool: an early start comes from inside a body's read, which must not run the next part's upload.
        turn.Completion = Task.Run(() => RunPartAsync(turn), CancellationToken.None);
        return turn;
    }

    private async Task RunPartAsync(UploadTurn turn)
    {
        CancellationToken token = _token;
        try
        {
            try
            {
                token.ThrowIfCancellationRequested();
                await _upload(turn, token).ConfigureAwait(false);
            }
            finally
            {
                // Whatever the upload did with it; a lease lets go once only.
                turn.EarlyLease?.Dispose();
                // A body that throws on disposal fails this part; it must not skip the release below.
                await turn.Part.Content.DisposeAsync().ConfigureAwait(false);
            }
        }
        catch (Exception e)
        {
            Fail(e);
        }
        finally
        {
            _partSlots.Release();
        }
    }

    private void Finished()
    {
        if (Interlocked.Decrement(ref _running) != 0)
        {
            return;
        }

        // Parts read but never taken (the run stopped first): nobody else will dispose them.
        while (_ready.Reader.TryRead(out PartBody? unused))
        {
            try
            {
                unused.Content.Dispose();
            }
            catch (Exception)
            {
                // The run already failed or was cancelled, which is why the part was never taken; that is its error.
            }
        }

        _drained.TrySetResult();
    }

    private void Fail(Exception error)
    {
        CancellationTokenSource failFast = _failFast!;
        // Cancellations caused by an earlier failure are consequences, not the error to report.
        if (!(error is OperationCanceledException && failFast.IsCancellationRequested && Volatile.Read(ref _firstError) is not null))
        {
            Interlocked.CompareExchange(ref _firstError, error, null);
        }

        if (failFast.IsCancellationRequested)
        {
            return;
        }

        try
        {
            // Not awaited: the callbacks (the SDK's, HttpClient's) run on the pool, and a failing part must not wait
            // on them before it releases its slots; the drain is what waits, and it is bounded.
            _ = failFast.CancelAsync().ContinueWith(static t => t.Exception, CancellationToken.None,
                TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        }
        catch (ObjectDisposedException)
        {
            // The pipeline has returned; nothing is left to cancel.
        }
    }
}
