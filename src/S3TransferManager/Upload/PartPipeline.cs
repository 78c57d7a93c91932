using System.Runtime.ExceptionServices;

namespace S3TransferManager.Upload;

/// <summary>
/// Reads parts in order on one producer and uploads up to <c>maxInFlight</c> of them at once. Reading the next part
/// overlaps the uploads: at most <c>maxInFlight + 1</c> parts exist at a time (the ones in flight and the one being
/// read), which bounds the memory of buffered sources. The first failure stops new parts and cancels those in flight;
/// the pipeline returns only after every part it started has finished and disposed its body.
/// </summary>
internal sealed class PartPipeline
{
    private readonly int _maxInFlight;
    private readonly Func<PartBody, CancellationToken, Task> _upload;
    private Exception? _firstError;

    public PartPipeline(int maxInFlight, Func<PartBody, CancellationToken, Task> upload)
    {
        _maxInFlight = maxInFlight;
        _upload = upload;
    }

    public async Task RunAsync(IPartSource source, CancellationToken cancellationToken)
    {
        using var failFast = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        using var requestSlots = new SemaphoreSlim(_maxInFlight, _maxInFlight);
        using var partSlots = new SemaphoreSlim(_maxInFlight + 1, _maxInFlight + 1);
        try
        {
            await ProduceAsync(source, requestSlots, partSlots, failFast).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            await FailAsync(e, failFast).ConfigureAwait(false);
        }
        finally
        {
            // Wait, uncancellably, until every started part has released its slot: only then may the caller abort.
            for (int i = 0; i < _maxInFlight; i++)
            {
                await requestSlots.WaitAsync(CancellationToken.None).ConfigureAwait(false);
            }
        }

        cancellationToken.ThrowIfCancellationRequested();
        if (Volatile.Read(ref _firstError) is { } error)
        {
            ExceptionDispatchInfo.Throw(error);
        }
    }

    private async Task ProduceAsync(IPartSource source, SemaphoreSlim requestSlots, SemaphoreSlim partSlots, CancellationTokenSource failFast)
    {
        CancellationToken token = failFast.Token;
        while (true)
        {
            await partSlots.WaitAsync(token).ConfigureAwait(false);
            PartBody? part;
            try
            {
                part = await source.ReadNextAsync(token).ConfigureAwait(false);
            }
            catch
            {
                partSlots.Release();
                throw;
            }

            if (part is null)
            {
                partSlots.Release();
                return;
            }

            try
            {
                await requestSlots.WaitAsync(token).ConfigureAwait(false);
            }
            catch
            {
                await part.Content.DisposeAsync().ConfigureAwait(false);
                partSlots.Release();
                throw;
            }

            // Not awaited: the part runs alongside the producer and reports through _firstError; the final drain of
            // requestSlots waits for it.
            _ = UploadOneAsync(part, requestSlots, partSlots, failFast);
        }
    }

    private async Task UploadOneAsync(PartBody part, SemaphoreSlim requestSlots, SemaphoreSlim partSlots, CancellationTokenSource failFast)
    {
        // Leave the producer at once: the SDK signs the request synchronously before its first await.
        await Task.Yield();
        try
        {
            failFast.Token.ThrowIfCancellationRequested();
            await _upload(part, failFast.Token).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            await FailAsync(e, failFast).ConfigureAwait(false);
        }
        finally
        {
            await part.Content.DisposeAsync().ConfigureAwait(false);
            partSlots.Release();
            requestSlots.Release();
        }
    }

    private async Task FailAsync(Exception error, CancellationTokenSource failFast)
    {
        // Cancellations caused by an earlier failure are consequences, not the error to report.
        if (!(error is OperationCanceledException && failFast.IsCancellationRequested && Volatile.Read(ref _firstError) is not null))
        {
            Interlocked.CompareExchange(ref _firstError, error, null);
        }

        await failFast.CancelAsync().ConfigureAwait(false);
    }
}
