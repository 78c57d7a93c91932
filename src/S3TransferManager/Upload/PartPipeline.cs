using System.Runtime.ExceptionServices;

namespace S3TransferManager.Upload;

/// <summary>
/// Reads parts in order on one producer and uploads up to <c>maxInFlight</c> of them at once. Reading the next part
/// overlaps the uploads: at most <c>maxInFlight + 1</c> parts exist at a time (the ones in flight and the one being
/// read), which bounds the memory of buffered sources. The first failure stops new parts and cancels those in flight.
/// The pipeline returns once every part it started has finished and disposed its body, or, after a failure or
/// cancellation, once <c>drainLimit</c> has passed: a part upload or a source read that ignores cancellation is left
/// to finish (and dispose its own body) on its own, so the caller still gets an answer. <see cref="StillRunning"/> says how many were left.
/// A pipeline runs once.
/// </summary>
internal sealed class PartPipeline
{
    private readonly int _maxInFlight;
    private readonly Func<PartBody, CancellationToken, Task> _upload;
    private readonly TimeSpan _drainLimit;
    private readonly TimeProvider _time;

    // Parts uploading: bounds the requests in flight. Never disposed: a part left behind after the drain limit still
    // releases it, and a SemaphoreSlim whose wait handle was never asked for holds nothing to free.
    private readonly SemaphoreSlim _requestSlots;

    // Parts in existence (uploading, or read and waiting for a request slot): bounds buffered memory.
    private readonly SemaphoreSlim _partSlots;

    // Completed when _running reaches zero: every started part has finished and the producer has stopped.
    private readonly TaskCompletionSource _drained = new(TaskCreationOptions.RunContinuationsAsynchronously);

    // Parts started and not finished, plus one for the producer until it stops.
    private int _running = 1;

    // The first real failure; cancellations it causes in other parts are not recorded over it.
    private Exception? _firstError;

    public PartPipeline(int maxInFlight, Func<PartBody, CancellationToken, Task> upload, TimeSpan drainLimit, TimeProvider? time = null)
    {
        _maxInFlight = maxInFlight;
        _upload = upload;
        _drainLimit = drainLimit;
        _time = time ?? TimeProvider.System;
        _requestSlots = new SemaphoreSlim(_maxInFlight, _maxInFlight);
        _partSlots = new SemaphoreSlim(_maxInFlight + 1, _maxInFlight + 1);
    }

    /// <summary>Part uploads, plus the producer's read of the source, that had not finished when <see cref="RunAsync"/>
    /// returned (only ever after a failure or cancellation).</summary>
    public int StillRunning => Volatile.Read(ref _running);

    public async Task RunAsync(IPartSource source, CancellationToken cancellationToken)
    {
        using var failFast = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        // Not awaited directly: a source read that ignores cancellation (a caller's stream) is bounded like a part.
        _ = ProduceAllAsync(source, failFast);
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

    private async Task ProduceAllAsync(IPartSource source, CancellationTokenSource failFast)
    {
        try
        {
            await ProduceAsync(source, failFast).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            Fail(e, failFast);
        }
        finally
        {
            Finished();
        }
    }

    private async Task ProduceAsync(IPartSource source, CancellationTokenSource failFast)
    {
        CancellationToken token = failFast.Token;
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

            try
            {
                await _requestSlots.WaitAsync(token).ConfigureAwait(false);
            }
            catch
            {
                try
                {
                    await part.Content.DisposeAsync().ConfigureAwait(false);
                }
                finally
                {
                    _partSlots.Release();
                }

                throw;
            }

            Interlocked.Increment(ref _running);
            // Not awaited: the part runs alongside the producer and reports through _firstError and _drained.
            _ = UploadOneAsync(part, failFast, token);
        }
    }

    private async Task UploadOneAsync(PartBody part, CancellationTokenSource failFast, CancellationToken token)
    {
        try
        {
            try
            {
                // Leave the producer at once: the SDK signs the request synchronously before its first await.
                await Task.Yield();
                token.ThrowIfCancellationRequested();
                await _upload(part, token).ConfigureAwait(false);
            }
            finally
            {
                // A body that throws on disposal fails this part; it must not skip the releases below.
                await part.Content.DisposeAsync().ConfigureAwait(false);
            }
        }
        catch (Exception e)
        {
            Fail(e, failFast);
        }
        finally
        {
            _partSlots.Release();
            _requestSlots.Release();
            Finished();
        }
    }

    private void Finished()
    {
        if (Interlocked.Decrement(ref _running) == 0)
        {
            _drained.TrySetResult();
        }
    }

    private void Fail(Exception error, CancellationTokenSource failFast)
    {
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
