using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Multipart;

/// <summary>
/// The life of one multipart upload around its parts, whatever fills them (an upload's bodies, a copy's ranges):
/// CreateMultipartUpload, which a cancellation does not cut short once sent; CompleteMultipartUpload; and after any
/// failure the abort of an upload that was created, even one whose Create answers late, so nothing stays open. After a
/// cancellation the abort is sent at once and waited for only within <see cref="TransferLimits.CancelGrace"/>; the rest
/// goes on in the utility's <see cref="Cleanups"/>, which <see cref="TransferUtility.Dispose"/> waits for.
/// </summary>
internal sealed class MultipartUploadSession
{
    private readonly TransferResources _resources;
    private readonly TransferLane _lane;
    private readonly ILogger _logger;

    /// <summary>The clock of every bound on the failure path.</summary>
    private readonly TimeProvider _time;

    /// <summary>How long the failure path waits for anything it does not control (see <see cref="EngineTuning"/>).</summary>
    private readonly TimeSpan _failureWait;
    private readonly string _bucket;
    private readonly string _key;

    /// <summary>The caller's options: the SSE-C key, bucket owner and requester pays of Complete, its HEAD and Abort.</summary>
    private readonly IRequestOptions _options;

    /// <summary>The Create as sent, which a cancellation does not cut short; null until sent.</summary>
    private Task<string>? _sent;

    /// <param name="resources">The utility's calls, logger, clock and failure wait.</param>
    /// <param name="lane">The transfer's turn of the request budget: Create and Complete take a slot; Abort does not,
    /// because cleanup must never wait for the budget.</param>
    /// <param name="bucket">The bucket the object is stored in.</param>
    /// <param name="key">The object's key.</param>
    /// <param name="options">The caller's options, for Complete, its HEAD and Abort.</param>
    public MultipartUploadSession(TransferResources resources, TransferLane lane, string bucket, string key, IRequestOptions options)
    {
        _resources = resources;
        _lane = lane;
        _logger = resources.Logger;
        _time = resources.TimeProvider;
        _failureWait = resources.Tuning.FailureWaitLimit;
        _bucket = bucket;
        _key = key;
        _options = options;
    }

    /// <summary>Creates the upload. Cancellation ends the wait for a slot and for the answer at once, but a request
    /// already sent goes on for <see cref="TransferLimits.CancelledCreateGrace"/>: S3 may have created the upload, and
    /// only its answer says which upload to abort (<see cref="AbortAsync"/> does, in the background).</summary>
    /// <param name="initiate">The request, with every option of the object set.</param>
    /// <param name="partSize">The part size, for the log.</param>
    /// <param name="length">The object's length (-1 while unknown), for the log.</param>
    /// <param name="cancellationToken">Cancels the wait for a slot and for the answer, and the request after its grace.</param>
    public async Task<string> CreateAsync(InitiateMultipartUploadRequest initiate, long partSize, long length, CancellationToken cancellationToken)
    {
        var held = new HeldLease(_lane, await _lane.AcquireAsync(cancellationToken).ConfigureAwait(false));
        _sent = SendCreateAsync(initiate, held, cancellationToken);
        string uploadId = await _sent.WaitAsync(cancellationToken).ConfigureAwait(false);
        Log.MultipartStarted(_logger, _bucket, _key, uploadId, partSize, length);
        TransferActivities.TagMultipart(uploadId, partSize);
        return uploadId;
    }

    private async Task<string> SendCreateAsync(InitiateMultipartUploadRequest initiate, HeldLease held, CancellationToken cancellationToken)
    {
        using (held)
        using (var giveUp = new CancellationTokenSource(Timeout.InfiniteTimeSpan, _time))
        {
            TimeSpan grace = TransferLimits.CancelledCreateGrace < _failureWait ? TransferLimits.CancelledCreateGrace : _failureWait;
            // Disposed before giveUp (and waiting for a running callback), so CancelAfter never meets a disposed source.
            using CancellationTokenRegistration graced = cancellationToken.Register(() => giveUp.CancelAfter(grace));
            // Each attempt is bounded by the learned answer time; one whose answer is lost may still have created an
            // upload, which holds no part (see docs/timeouts.md).
            InitiateMultipartUploadResponse initiated = await _resources.S3.CreateMultipartUploadAsync(initiate, CallSlot.On(held), giveUp.Token)
                .ConfigureAwait(false);
            return initiated.UploadId;
        }
    }

    /// <summary>Completes the upload from its parts in its turn of the budget, with the whole object's checksum when the
    /// parts' CRCs combine into one, for S3 to check. A 200 without an ETag (Ceph RGW 16's answer, with the object
    /// stored) is confirmed with one HEAD of the key, on the upload's SSE-C key (<see cref="CompletionCheck"/>): the
    /// answer is then the HEAD's, logged as such.</summary>
    /// <param name="uploadId">The upload.</param>
    /// <param name="parts">Every part, in part order.</param>
    /// <param name="length">The object's length: the bytes uploaded, or the source's size for a copy.</param>
    /// <param name="algorithm">The checksum of the parts; null when none.</param>
    /// <param name="fullObject">The whole object's checksum; null when the parts' do not combine into one.</param>
    /// <param name="amend">Adds what only the caller knows (an upload's conditions); null when nothing.</param>
    /// <param name="cancellationToken">Cancels the requests.</param>
    /// <exception cref="UnexpectedResponseException">Complete answered without an ETag and the HEAD did not confirm the
    /// object: it may exist under the key. Only then may the caller's failure path send an Abort, which never deletes a
    /// completed object (S3 answers 404 NoSuchUpload), and cleans up the parts of one that did not complete.</exception>
    public async Task<CompleteMultipartUploadResponse> CompleteAsync(string uploadId, List<PartETag> parts, long length, ChecksumAlgorithm? algorithm,
        string? fullObject, Action<CompleteMultipartUploadRequest>? amend, CancellationToken cancellationToken)
    {
        var complete = new CompleteMultipartUploadRequest { BucketName = _bucket, Key = _key, UploadId = uploadId, PartETags = parts };
        RequestOptions.ApplyTo(_options, complete);
        if (fullObject is not null)
        {
            UploadChecksums.ApplyFullObject(complete, algorithm!, fullObject);
        }

        amend?.Invoke(complete);
        // The parts' ETags are what UploadPart or UploadPartCopy answered: the MD5s of their bytes where the server makes
        // MD5 ETags, so the multipart ETag rule holds for a copy's parts as for an upload's.
        var check = new CompletionCheck(length, parts, algorithm, UploadChecksums.Computed(parts, algorithm, fullObject),
            head => RequestOptions.ApplyTo(_options, head));
        CompleteMultipartUploadResponse done = await _resources.S3.CompleteMultipartUploadAsync(complete, CallSlot.Take(_lane), cancellationToken)
            .ConfigureAwait(false);
        return string.IsNullOrEmpty(done.ETag) ? await ConfirmAsync(uploadId, check, cancellationToken).ConfigureAwait(false) : done;
    }

    private async Task<CompleteMultipartUploadResponse> ConfirmAsync(string uploadId, CompletionCheck check, CancellationToken cancellationToken)
    {
        var request = new GetObjectMetadataRequest
        {
            BucketName = _bucket,
            Key = _key,
            ChecksumMode = check.ComparesChecksum && !_resources.Checksums.ResponsesOnlyWhenRequired ? ChecksumMode.ENABLED : null,
        };
        check.ApplyToHead(request);
        GetObjectMetadataResponse head;
        try
        {
            head = await _resources.S3.HeadObjectAsync(request, CallSlot.Take(_lane), cancellationToken).ConfigureAwait(false);
        }
        catch (AmazonS3Exception e)
        {
            throw S3Errors.CompletionUnconfirmed(_bucket, _key, uploadId, $"the HEAD was answered {(int)e.StatusCode} {e.ErrorCode}");
        }

        if (check.Mismatch(head) is { } why)
        {
            throw S3Errors.CompletionUnconfirmed(_bucket, _key, uploadId, why);
        }

        Log.CompletionConfirmedByHead(_logger, _bucket, _key, uploadId, head.ETag);
        return CompletionCheck.FromHead(_bucket, _key, head);
    }

    /// <summary>After a failure or a cancellation: aborts the upload <paramref name="created"/> made (or the Create this
    /// session sent), once the parts have stopped. A Create still in flight is waited for as long as a part would be;
    /// one that answers later still is aborted then, so no upload stays open. After a failure this is waited for
    /// (bounded); after a cancellation only within <see cref="TransferLimits.CancelGrace"/>, the rest in the
    /// background. Never throws.</summary>
    /// <param name="created">The upload's id, in whatever state (a resumed upload's is known at once).</param>
    /// <param name="partsStopped">Completes when the parts have all stopped.</param>
    /// <param name="partsStillRunning">Counts the parts that did not stop within the failure wait, to be logged.</param>
    /// <param name="keepCreated">Leaves an upload whose id was known in time open, for a later run to resume (its
    /// journal holds the id); one whose Create answers late is aborted all the same, since nothing recorded it.</param>
    /// <param name="cancelled">Whether the caller cancelled: the return is then prompt.</param>
    public async Task AbortAsync(Task<string> created, Task partsStopped, Func<int> partsStillRunning, bool keepCreated, bool cancelled)
    {
        Task cleanup = CleanUpAsync(_sent ?? created, partsStopped, partsStillRunning, keepCreated);
        if (cancelled)
        {
            _resources.Cleanups.Track(cleanup);
            await cleanup.WaitAsync(TransferLimits.CancelGrace, _time).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            return;
        }

        await cleanup.ConfigureAwait(false);
    }

    private async Task CleanUpAsync(Task<string> created, Task partsStopped, Func<int> partsStillRunning, bool keepCreated)
    {
        Task waited = Task.WhenAll(partsStopped, created).WaitAsync(_failureWait, _time);
        await waited.ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        string? uploadId = created.IsCompletedSuccessfully ? await created.ConfigureAwait(false) : null;
        if (partsStillRunning() is > 0 and int stillRunning)
        {
            // S3 may still store such a part after the abort; the abort below is the best that can be done.
            Log.PartsAbandoned(_logger, _bucket, _key, uploadId ?? "(not created)", stillRunning, _failureWait);
        }

        if (uploadId is not null && !keepCreated)
        {
            await AbortUploadAsync(uploadId).ConfigureAwait(false);
        }
        else if (!created.IsCompleted)
        {
            _resources.Cleanups.Track(AbortOnceCreatedAsync(created));
        }
    }

    private async Task AbortOnceCreatedAsync(Task<string> created)
    {
        await ((Task)created).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        if (created.IsCompletedSuccessfully)
        {
            await AbortUploadAsync(await created.ConfigureAwait(false)).ConfigureAwait(false);
        }
        else
        {
            // A Create that failed or was cancelled late created nothing; its error is read so it is not left unobserved.
            _ = created.Exception;
        }
    }

    private async Task AbortUploadAsync(string uploadId)
    {
        // Not the caller's token: a cancelled upload must still be aborted. Its own limit instead.
        TimeSpan limit = _failureWait;
        using var timeout = new CancellationTokenSource(limit, _time);
        try
        {
            var abort = new AbortMultipartUploadRequest { BucketName = _bucket, Key = _key, UploadId = uploadId };
            RequestOptions.ApplyTo(_options, abort);
            await _resources.S3.AbortMultipartUploadAsync(abort, CallSlot.None, timeout.Token).ConfigureAwait(false);
            Log.MultipartAborted(_logger, _bucket, _key, uploadId);
        }
        catch (OperationCanceledException) when (timeout.IsCancellationRequested)
        {
            Log.AbortTimedOut(_logger, _bucket, _key, uploadId, limit);
        }
        catch (Exception e)
        {
            // The original error matters more; an upload S3 will not abort is logged for the operator.
            Log.AbortFailed(_logger, _bucket, _key, uploadId, e);
        }
    }
}
