using System.Runtime.ExceptionServices;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Parts;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;
using S3TransferManager.Checksums;
using S3TransferManager.Events;

namespace S3TransferManager.Upload;

/// <summary>
/// CreateMultipartUpload, the parts of an <see cref="IPartSource"/> read ahead (<see cref="PartReadAhead"/>) and sent
/// through a <see cref="PartEngine{TPart, TStarted}"/>, then CompleteMultipartUpload. The parts start with Create, not
/// after it: the first parts are read and hashed during
/// its round trip and wait for the upload id only to be sent. Any failure or cancellation aborts an upload that was
/// created, even one whose Create answers after the failure, so nothing stays open.
/// </summary>
internal sealed class MultipartUploadCommand
{
    private readonly IAmazonS3 _client;
    private readonly TransferLane _lane;
    private readonly TransferResources _resources;
    private readonly TransferUtilityUploadRequest _request;
    private readonly ILogger _logger;
    private readonly ProgressTracker _progress;

    /// <summary>The clock of every bound on the failure path: the parts' drain, the wait for a Create in flight, its
    /// grace after a cancellation, and the abort.</summary>
    private readonly TimeProvider _time;

    /// <summary>How long the failure path waits for anything it does not control (see <see cref="EngineTuning"/>).</summary>
    private readonly TimeSpan _failureWait;
    private readonly List<PartETag> _parts = [];
    private readonly PayloadSigning _signing;

    // The full-object CRC built from the parts' CRCs as they are sent; null for SHA1, SHA256 or no checksum.
    private readonly FullObjectCrc? _fullObject;

    public MultipartUploadCommand(UploadContext upload)
    {
        _client = upload.Resources.Client;
        _lane = upload.Lane;
        _resources = upload.Resources;
        _request = upload.Request;
        _logger = upload.Resources.Logger;
        _progress = upload.Progress;
        _time = upload.Resources.TimeProvider;
        _failureWait = upload.Resources.Tuning.FailureWaitLimit;
        _signing = PartSigning.For(_client, _request.DisablePayloadSigning);
        _fullObject = FullObjectCrc.IsSupported(_request.EffectiveChecksumAlgorithm) ? new FullObjectCrc(_request.EffectiveChecksumAlgorithm!) : null;
    }

    private string Bucket => _request.BucketName!;

    private string Key => _request.Key!;

    public async Task<TransferUtilityUploadResponse> ExecuteAsync(IPartSource source, long partSize, CancellationToken cancellationToken)
    {
        PrecomputedChecks.CheckBeforeMultipart(_request, source.TotalLength);
        // Create's round trip overlaps reading and hashing the first parts: a part waits for the upload id only once it
        // is ready to go out (UploadPartAsync), instead of the whole first wave starting its work after the answer.
        Task<string> created = CreateAsync(partSize, source.TotalLength, cancellationToken);
        // A file's parts cost nothing until read, so each worker may have its next part ready to start early, and there
        // are as many workers as the budget may ever lend slots. A stream's parts are buffers, held to the workers and
        // one read ahead: as many as a transfer can count on at its start, so that parts read into memory do not wait
        // for slots the budget may never lend.
        int workers = source.BuffersParts ? _resources.StartingRequests : _resources.Scheduler.Ceiling;
        int maxParts = source.BuffersParts ? workers + 1 : (2 * workers) + 1;
        // A part started early (its predecessor's body was sent, and a slot was at hand) is already running: its turn
        // only waits for it.
        var readAhead = new PartReadAhead(source, maxParts);
        var parts = new PartEngine<PartBody, PartETag>(readAhead, workers,
            (turn, token) => new ValueTask(turn.TakeStarted() ?? UploadPartAsync(created, readAhead, turn, token)), _failureWait,
            _time, (turn, _, token) => UploadPartAsync(created, readAhead, turn, token));
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        try
        {
            Task run = parts.RunAsync(stop.Token);
            if (await Task.WhenAny(run, created).ConfigureAwait(false) == created && !created.IsCompletedSuccessfully)
            {
                // No upload to send parts to: stop reading them (Create's own error is what the caller gets, below).
                await stop.CancelAsync().ConfigureAwait(false);
            }

            await run.ConfigureAwait(false);
            string uploadId = await created.ConfigureAwait(false);
            _parts.Sort((a, b) => a.PartNumber!.Value.CompareTo(b.PartNumber!.Value));
            var complete = new CompleteMultipartUploadRequest
            {
                BucketName = Bucket,
                Key = Key,
                UploadId = uploadId,
                PartETags = _parts,
            };
            UploadRequestOptions.ApplyTo(_request, complete);
            string? fullObject = _fullObject?.Combine();
            if (fullObject is not null)
            {
                UploadChecksums.ApplyFullObject(complete, _request.EffectiveChecksumAlgorithm!, fullObject);
            }

            PrecomputedChecks.ApplyToComplete(_request, complete, fullObject);

            CompleteMultipartUploadResponse done;
            using (await _lane.AcquireAsync(cancellationToken).ConfigureAwait(false))
            {
                TransferMetrics.RequestSent(RpcMethods.CompleteMultipartUpload, Bucket);
                done = await _client.CompleteMultipartUploadAsync(complete, cancellationToken).ConfigureAwait(false);
            }

            if (string.IsNullOrEmpty(done.ETag))
            {
                // S3 can answer 200 with an <Error> body; an answer without an ETag did not store the object.
                throw new UnexpectedResponseException(Bucket, Key, $"CompleteMultipartUpload of upload {uploadId} answered without an ETag (HTTP {(int)done.HttpStatusCode}).");
            }

            _progress.Complete();
            return UploadResponseDetails.From(
                UploadChecksums.FromComplete(done, _progress.TransferredBytes, _parts, _request.EffectiveChecksumAlgorithm, fullObject), done, _request);
        }
        catch (Exception error)
        {
            string? uploadId = await UploadIdToAbortAsync(created).ConfigureAwait(false);
            // Read (so observed) whatever the error was: the parts may have stopped for it, or for something else.
            Exception? createFailed = created.IsFaulted ? created.Exception.InnerException : null;
            if (parts.StillRunning is > 0 and int stillRunning)
            {
                // S3 may still store such a part after the abort; the abort below is the best that can be done.
                Log.PartsAbandoned(_logger, Bucket, Key, uploadId ?? "(not created)", stillRunning, _failureWait);
            }

            if (uploadId is not null)
            {
                await AbortAsync(uploadId).ConfigureAwait(false);
            }

            if (createFailed is not null && error is OperationCanceledException && !cancellationToken.IsCancellationRequested)
            {
                // The parts were stopped because Create failed: its error is the upload's.
                ExceptionDispatchInfo.Throw(createFailed);
            }

            throw;
        }
    }

    /// <summary>Creates the upload. Cancellation stops the wait for a slot at once, but a request already sent only
    /// after <see cref="TransferLimits.CancelledCreateGrace"/>: S3 may have created the upload, and only its answer says
    /// which upload to abort (the failure path waits for it, see <see cref="UploadIdToAbortAsync"/>).</summary>
    private async Task<string> CreateAsync(long partSize, long length, CancellationToken cancellationToken)
    {
        InitiateMultipartUploadResponse initiated;
        using (await _lane.AcquireAsync(cancellationToken).ConfigureAwait(false))
        {
            using var giveUp = new CancellationTokenSource(Timeout.InfiniteTimeSpan, _time);
            TimeSpan grace = TransferLimits.CancelledCreateGrace < _failureWait ? TransferLimits.CancelledCreateGrace : _failureWait;
            // Disposed before giveUp (and waiting for a running callback), so CancelAfter never meets a disposed source.
            using CancellationTokenRegistration graced = cancellationToken.Register(() => giveUp.CancelAfter(grace));
            TransferMetrics.RequestSent(RpcMethods.CreateMultipartUpload, Bucket);
            initiated = await _client.InitiateMultipartUploadAsync(BuildInitiateRequest(), giveUp.Token).ConfigureAwait(false);
        }

        string uploadId = initiated.UploadId;
        Log.MultipartStarted(_logger, Bucket, Key, uploadId, partSize, length);
        TransferActivities.TagMultipart(uploadId, partSize);
        return uploadId;
    }

    /// <summary>After a failure, the upload that must be aborted: none if Create failed or was cancelled. A Create still
    /// in flight (the parts failed while it waited for its answer) is waited for as long as a part would be; one that
    /// answers later still is aborted then, so no upload stays open.</summary>
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
            await AbortAsync(await created.ConfigureAwait(false)).ConfigureAwait(false);
        }
        else
        {
            // A Create that failed or was cancelled late created nothing; its error is read so it is not left unobserved.
            _ = created.Exception;
        }
    }

    private InitiateMultipartUploadRequest BuildInitiateRequest()
    {
        var initiate = new InitiateMultipartUploadRequest
        {
            BucketName = Bucket,
            Key = Key,
        };
        UploadRequestOptions.ApplyTo(_request, initiate);
        if (_request.EffectiveChecksumAlgorithm is { } algorithm)
        {
            initiate.ChecksumAlgorithm = algorithm;
            if (UploadChecksums.MultipartTypeFor(algorithm) is { } type)
            {
                initiate.ChecksumType = type;
            }
        }

        return initiate;
    }

    /// <summary>Uploads one part, on the slot it was started early with (<see cref="PartTurn{TPart, TStarted}.Slot"/>)
    /// or on its turn of one. On every path its slot is let go, its body disposed, and its room read ahead given back.</summary>
    private async Task<PartETag> UploadPartAsync(Task<string> created, PartReadAhead readAhead, PartTurn<PartBody, PartETag> turn,
        CancellationToken cancellationToken)
    {
        PartBody part = turn.Part;
        try
        {
            cancellationToken.ThrowIfCancellationRequested();
            return await SendPartAsync(created, turn, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            // The slot it was started early with, even when it failed before the request used it; a lease lets go once.
            turn.Slot?.Dispose();
            try
            {
                // A body that throws on disposal fails this part, and still gives its room back.
                await part.Content.DisposeAsync().ConfigureAwait(false);
            }
            finally
            {
                readAhead.Release();
            }
        }
    }

    private async Task<PartETag> SendPartAsync(Task<string> created, PartTurn<PartBody, PartETag> turn, CancellationToken cancellationToken)
    {
        PartBody part = turn.Part;
        var request = new UploadPartRequest
        {
            BucketName = Bucket,
            Key = Key,
            PartNumber = part.PartNumber,
            PartSize = part.Length,
        };
        UploadRequestOptions.ApplyTo(_request, request);
        request.UseChunkEncoding = _signing.UseChunkEncoding;
        request.DisablePayloadSigning = _signing.DisablePayloadSigning;
        if (_request.EffectiveChecksumAlgorithm is { } algorithm)
        {
            string value = await ChecksumHasher.ComputeAsync(algorithm, part.Content, cancellationToken).ConfigureAwait(false);
            UploadChecksums.Apply(request, algorithm, value);
            _fullObject?.Add(part.PartNumber, value, part.Length);
        }

        // A part made ready during CreateMultipartUpload's round trip waits here for its answer; later ones find it.
        request.UploadId = await created.WaitAsync(cancellationToken).ConfigureAwait(false);

        UploadPartResponse response;
        SentBodyStream body;
        // A part started early already holds its slot; any other waits its turn.
        using (RequestLease lease = turn.Slot ?? await _lane.AcquireAsync(RequestCost.Data(part.Length), cancellationToken).ConfigureAwait(false))
        {
            turn.Slot = lease;
            // Once the body is sent, this request only waits for S3's answer: the next part may go out meanwhile, on a
            // slot at hand (a free one, or a second hold of this one).
            request.InputStream = body = new SentBodyStream(part.Content, _signing.PassesBeforeSent,
                () => turn.TryStartNextOnSlotAtHand(_lane), _progress.AddSent);
            response = await PartScope.RunAsync(RpcMethods.UploadPart, Bucket, Key, part.PartNumber, -1, part.Length,
                token => _client.UploadPartAsync(request, token), cancellationToken).ConfigureAwait(false);
        }

        PartETag eTag = UploadChecksums.ToPartETag(part.PartNumber, response);
        lock (_parts)
        {
            _parts.Add(eTag);
        }

        Log.PartUploaded(_logger, Bucket, Key, part.PartNumber, part.Length);
        // Most of the part was counted as it went out; the rest (a client that read it some other way) now.
        if (part.Length - body.BytesSent is > 0 and long rest)
        {
            _progress.AddSent(rest);
        }

        _progress.Acknowledged(part.Length);
        return eTag;
    }

    private async Task AbortAsync(string uploadId)
    {
        // Not the caller's token: a cancelled upload must still be aborted. Its own limit instead, enforced by
        // WaitAsync too, so an SDK call that does not honour its token cannot keep the caller from the error.
        TimeSpan limit = _failureWait;
        using var timeout = new CancellationTokenSource(limit, _time);
        try
        {
            TransferMetrics.RequestSent(RpcMethods.AbortMultipartUpload, Bucket);
            var abort = new AbortMultipartUploadRequest { BucketName = Bucket, Key = Key, UploadId = uploadId };
            UploadRequestOptions.ApplyTo(_request, abort);
            await _client.AbortMultipartUploadAsync(abort, timeout.Token).WaitAsync(timeout.Token).ConfigureAwait(false);
            Log.MultipartAborted(_logger, Bucket, Key, uploadId);
        }
        catch (OperationCanceledException) when (timeout.IsCancellationRequested)
        {
            Log.AbortTimedOut(_logger, Bucket, Key, uploadId, limit);
        }
        catch (Exception e)
        {
            // The original error matters more; an upload S3 will not abort is logged for the operator.
            Log.AbortFailed(_logger, Bucket, Key, uploadId, e);
        }
    }
}
