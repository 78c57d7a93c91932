using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Upload;

/// <summary>
/// The life of one multipart upload around its parts, whatever fills them (an upload's bodies, a copy's ranges):
/// CreateMultipartUpload, which a cancellation does not cut short once sent; CompleteMultipartUpload, whose answer
/// without an ETag is an error; and after any failure the abort of an upload that was created, even one whose Create
/// answers late, so nothing stays open.
/// </summary>
internal sealed class MultipartUploadSession
{
    private readonly IAmazonS3 _client;
    private readonly TransferLane _lane;
    private readonly ILogger _logger;

    /// <summary>The clock of every bound on the failure path: the wait for a Create in flight, its grace after a
    /// cancellation, and the abort.</summary>
    private readonly TimeProvider _time;

    /// <summary>How long the failure path waits for anything it does not control (see <see cref="EngineTuning"/>).</summary>
    private readonly TimeSpan _failureWait;
    private readonly string _bucket;
    private readonly string _key;

    /// <summary>Sends Create, Complete and Abort, each attempt bounded (a stalled one is sent again; Complete never).</summary>
    private readonly BoundedRequests _requests;

    /// <summary>Adds the caller's options (bucket owner, requester pays) to the abort.</summary>
    private readonly Action<AbortMultipartUploadRequest> _applyToAbort;

    /// <param name="resources">The utility's client, logger, clock and failure wait.</param>
    /// <param name="lane">The transfer's turn of the request budget: Create and Complete take a slot; Abort does not,
    /// because cleanup must never wait for the budget.</param>
    /// <param name="bucket">The bucket the object is stored in.</param>
    /// <param name="key">The object's key.</param>
    /// <param name="applyToAbort">Adds the caller's options to the abort.</param>
    public MultipartUploadSession(TransferResources resources, TransferLane lane, string bucket, string key,
        Action<AbortMultipartUploadRequest> applyToAbort)
    {
        _client = resources.Client;
        _lane = lane;
        _logger = resources.Logger;
        _time = resources.TimeProvider;
        _failureWait = resources.Tuning.FailureWaitLimit;
        _bucket = bucket;
        _key = key;
        _applyToAbort = applyToAbort;
        _requests = new BoundedRequests(resources, bucket, key);
    }

    /// <summary>Creates the upload. Cancellation stops the wait for a slot at once, but a request already sent only
    /// after <see cref="TransferLimits.CancelledCreateGrace"/>: S3 may have created the upload, and only its answer says
    /// which upload to abort (<see cref="AbortAsync"/> waits for it).</summary>
    /// <param name="initiate">Builds the request, with every option of the object set: once per attempt.</param>
    /// <param name="partSize">The part size, for the log.</param>
    /// <param name="length">The object's length (-1 while unknown), for the log.</param>
    /// <param name="cancellationToken">Cancels the wait for a slot, and the request after its grace.</param>
    public async Task<string> CreateAsync(Func<InitiateMultipartUploadRequest> initiate, long partSize, long length, CancellationToken cancellationToken)
    {
        InitiateMultipartUploadResponse initiated;
        using (await _lane.AcquireAsync(cancellationToken).ConfigureAwait(false))
        {
            using var giveUp = new CancellationTokenSource(Timeout.InfiniteTimeSpan, _time);
            TimeSpan grace = TransferLimits.CancelledCreateGrace < _failureWait ? TransferLimits.CancelledCreateGrace : _failureWait;
            // Disposed before giveUp (and waiting for a running callback), so CancelAfter never meets a disposed source.
            using CancellationTokenRegistration graced = cancellationToken.Register(() => giveUp.CancelAfter(grace));
            // Each attempt is bounded by the learned answer time; one whose answer is lost may still have created an
            // upload, which holds no part (see docs/timeouts.md).
            initiated = await _requests.SendAsync(RpcMethods.CreateMultipartUpload,
                token => _client.InitiateMultipartUploadAsync(initiate(), token), giveUp.Token).ConfigureAwait(false);
        }

        string uploadId = initiated.UploadId;
        Log.MultipartStarted(_logger, _bucket, _key, uploadId, partSize, length);
        TransferActivities.TagMultipart(uploadId, partSize);
        return uploadId;
    }

    /// <summary>Completes the upload in its turn of the budget.</summary>
    /// <exception cref="UnexpectedResponseException">S3 answered without an ETag: its 200 with an error body, which
    /// stored nothing.</exception>
    public async Task<CompleteMultipartUploadResponse> CompleteAsync(CompleteMultipartUploadRequest complete, CancellationToken cancellationToken)
    {
        CompleteMultipartUploadResponse done;
        using (await _lane.AcquireAsync(cancellationToken).ConfigureAwait(false))
        {
            done = await _requests.CompleteAsync(token => _client.CompleteMultipartUploadAsync(complete, token), cancellationToken)
                .ConfigureAwait(false);
        }

        if (string.IsNullOrEmpty(done.ETag))
        {
            // S3 can answer 200 with an <Error> body; an answer without an ETag did not store the object.
            throw new UnexpectedResponseException(_bucket, _key,
                $"CompleteMultipartUpload of upload {complete.UploadId} answered without an ETag (HTTP {(int)done.HttpStatusCode}).");
        }

        return done;
    }

    /// <summary>After a failure: aborts the upload <paramref name="created"/> made, if it made one. A Create still in
    /// flight (the parts failed while it waited for its answer) is waited for as long as a part would be; one that
    /// answers later still is aborted then, so no upload stays open. Never throws.</summary>
    /// <param name="created">The Create, in whatever state it is.</param>
    /// <param name="partsStillRunning">Counts the parts that did not stop within the failure wait, to be logged; read
    /// once the Create has been waited for.</param>
    /// <param name="keepCreated">Leaves an upload whose id was known in time open, for a later run to resume (its
    /// journal holds the id); one whose Create answers late is aborted all the same, since nothing recorded it.</param>
    public async Task AbortAsync(Task<string> created, Func<int> partsStillRunning, bool keepCreated = false)
    {
        string? uploadId = await UploadIdToAbortAsync(created).ConfigureAwait(false);
        if (partsStillRunning() is > 0 and int stillRunning)
        {
            // S3 may still store such a part after the abort; the abort below is the best that can be done.
            Log.PartsAbandoned(_logger, _bucket, _key, uploadId ?? "(not created)", stillRunning, _failureWait);
        }

        if (uploadId is not null && !keepCreated)
        {
            await AbortUploadAsync(uploadId).ConfigureAwait(false);
        }
    }

    private async Task<string?> UploadIdToAbortAsync(Task<string> created)
    {
        if (!created.IsCompleted)
        {
            await ((Task)created).WaitAsync(_failureWait, _time).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        }

        if (created.IsCompletedSuccessfully)
        {
            return await created.ConfigureAwait(false);
        }

        if (!created.IsCompleted)
        {
            _ = AbortOnceCreatedAsync(created);
        }

        return null;
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
        // Not the caller's token: a cancelled upload must still be aborted. Its own limit instead, enforced by
        // WaitAsync too, so an SDK call that does not honour its token cannot keep the caller from the error.
        TimeSpan limit = _failureWait;
        using var timeout = new CancellationTokenSource(limit, _time);
        try
        {
            var abort = new AbortMultipartUploadRequest { BucketName = _bucket, Key = _key, UploadId = uploadId };
            _applyToAbort(abort);
            // Each attempt bounded by the learned answer time and sent again when it stalls, all within the limit.
            await _requests.SendAsync(RpcMethods.AbortMultipartUpload, token => _client.AbortMultipartUploadAsync(abort, token), timeout.Token)
                .WaitAsync(timeout.Token).ConfigureAwait(false);
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
