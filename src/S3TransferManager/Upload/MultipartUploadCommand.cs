using System.Runtime.ExceptionServices;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Multipart;
using S3TransferManager.Parts;
using S3TransferManager.Resume;
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
/// created, even one whose Create answers after the failure, so nothing stays open (<see cref="MultipartUploadSession"/>),
/// unless its journal keeps it for a later run to resume.
/// </summary>
internal sealed class MultipartUploadCommand
{
    private readonly IAmazonS3 _client;
    private readonly TransferLane _lane;
    private readonly TransferResources _resources;
    private readonly TransferUtilityUploadRequest _request;
    private readonly ILogger _logger;
    private readonly ProgressTracker _progress;

    /// <summary>The clock of the parts' drain after a failure.</summary>
    private readonly TimeProvider _time;

    /// <summary>How long the parts are waited for after a failure (see <see cref="EngineTuning"/>).</summary>
    private readonly TimeSpan _failureWait;

    /// <summary>Create, Complete, and the abort after a failure.</summary>
    private readonly MultipartUploadSession _session;
    private readonly List<PartETag> _parts = [];
    private readonly PayloadSigning _signing;

    /// <summary>Sends every request of the upload bounded: a stalled one is sent again, a slow part maybe hedged.</summary>
    private readonly UploadRequests _requests;

    // The full-object CRC built from the parts' CRCs as they are sent; null for SHA1, SHA256 or no checksum.
    private readonly FullObjectCrc? _fullObject;

    // Where a resumable upload records its id and parts, and learns the parts an earlier run stored; null otherwise.
    private readonly UploadJournal? _journal;

    // Told the object's ETag once it is stored, before the journal is deleted; null if no one asks.
    private readonly Action<string?>? _finishing;

    /// <param name="upload">The upload's shared pieces.</param>
    /// <param name="journal">The upload's journal when it can be resumed (a file, with resume turned on); null otherwise.</param>
    /// <param name="finishing">Called with the stored object's ETag once CompleteMultipartUpload answered, before the
    /// journal is deleted (a directory upload records the file finished there).</param>
    public MultipartUploadCommand(UploadContext upload, UploadJournal? journal = null, Action<string?>? finishing = null)
    {
        _journal = journal;
        _finishing = finishing;
        _client = upload.Resources.Client;
        _lane = upload.Lane;
        _resources = upload.Resources;
        _request = upload.Request;
        _logger = upload.Resources.Logger;
        _progress = upload.Progress;
        _time = upload.Resources.TimeProvider;
        _failureWait = upload.Resources.Tuning.FailureWaitLimit;
        _signing = PartSigning.For(_client, _request.DisablePayloadSigning);
        _requests = new UploadRequests(upload, _signing);
        _session = new MultipartUploadSession(upload.Resources, _lane, upload.Bucket, upload.Key, _request);
        _fullObject = FullObjectCrc.IsSupported(_request.EffectiveChecksumAlgorithm) ? new FullObjectCrc(_request.EffectiveChecksumAlgorithm!) : null;
    }

    private string Bucket => _request.BucketName!;

    private string Key => _request.Key!;

    public async Task<TransferUtilityUploadResponse> ExecuteAsync(IPartSource source, long partSize, CancellationToken cancellationToken)
    {
        PrecomputedChecks.CheckBeforeMultipart(_request, source.TotalLength);
        if (_journal?.CompletedEarlier is { } earlier)
        {
            return CompletedEarlier(earlier);
        }

        // Create's round trip overlaps reading and hashing the first parts: a part waits for the upload id only once it
        // is ready to go out (UploadPartAsync), instead of the whole first wave starting its work after the answer.
        Task<string> created = _journal?.ResumedUploadId is { } resumed
            ? Task.FromResult(resumed)
            : CreateAsync(partSize, source.TotalLength, cancellationToken);
        AddStoredParts();
        if (_journal is { StoredParts.Count: > 0 } journal)
        {
            source = new PartsNotStored(source, [.. journal.StoredParts.Select(p => p.ETag.PartNumber!.Value)]);
        }
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
            string? fullObject = _fullObject?.Combine();
            CompleteMultipartUploadResponse done = await _session.CompleteAsync(uploadId, _parts, _progress.TransferredBytes,
                _request.EffectiveChecksumAlgorithm, fullObject, complete =>
                {
                    RequestOptions.ApplyConditions(_request, complete);
                    PrecomputedChecks.ApplyToComplete(_request, complete, fullObject);
                }, cancellationToken).ConfigureAwait(false);

            // Told before the journal goes: a run stopped between the two finds the journal, and the object complete.
            _finishing?.Invoke(done.ETag);
            _journal?.Completed();
            _progress.Complete();
            return UploadResponseDetails.From(
                UploadChecksums.FromComplete(done, _progress.TransferredBytes, _parts, _request.EffectiveChecksumAlgorithm, fullObject), done, _request);
        }
        catch (Exception error)
        {
            await _session.AbortAsync(created, parts.Drained, () => parts.StillRunning, keepCreated: _journal?.KeepAfter(error, cancellationToken) ?? false,
                cancelled: cancellationToken.IsCancellationRequested).ConfigureAwait(false);
            // Read (so observed) whatever the error was: the parts may have stopped for it, or for something else.
            Exception? createFailed = created.IsFaulted ? created.Exception.InnerException : null;

            if (createFailed is not null && error is OperationCanceledException && !cancellationToken.IsCancellationRequested)
            {
                // The parts were stopped because Create failed: its error is the upload's.
                ExceptionDispatchInfo.Throw(createFailed);
            }

            throw;
        }
    }

    /// <summary>Creates the upload (<see cref="MultipartUploadSession.CreateAsync"/>) and records its id in the journal,
    /// if any, so a later run can send the missing parts to it.</summary>
    private async Task<string> CreateAsync(long partSize, long length, CancellationToken cancellationToken)
    {
        string uploadId = await _session.CreateAsync(BuildInitiateRequest(), partSize, length, cancellationToken).ConfigureAwait(false);
        _journal?.UploadCreated(uploadId);
        return uploadId;
    }

    private InitiateMultipartUploadRequest BuildInitiateRequest()
    {
        var initiate = new InitiateMultipartUploadRequest
        {
            BucketName = Bucket,
            Key = Key,
        };
        RequestOptions.ApplyTo(_request, initiate);
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
        string? checksum = null;
        if (_request.EffectiveChecksumAlgorithm is { } algorithm)
        {
            checksum = await ChecksumHasher.ComputeAsync(algorithm, part.Content, cancellationToken).ConfigureAwait(false);
            _fullObject?.Add(part.PartNumber, checksum, part.Length);
        }
        else if (_journal?.OwnChecksum is { } own)
        {
            // Not sent: the journal's own record of the part, to re-check the source's bytes on a resume.
            checksum = await ChecksumHasher.ComputeAsync(own, part.Content, cancellationToken).ConfigureAwait(false);
        }

        // A part made ready during CreateMultipartUpload's round trip waits here for its answer; later ones find it.
        string uploadId = await created.WaitAsync(cancellationToken).ConfigureAwait(false);

        UploadPartResponse response;
        long bytesSent;
        // A part started early already holds its slot; any other waits its turn.
        using (var lease = new HeldLease(_lane, turn.Slot ?? await _lane.AcquireAsync(RequestCost.Data(part.Length), cancellationToken).ConfigureAwait(false)))
        {
            turn.Slot = lease.Lease;
            // Once the body is sent, this request only waits for S3's answer: the next part may go out meanwhile, on a
            // slot at hand (a free one, or a second hold of this one).
            var attempts = new PartAttempts(part, lease, body => BuildPartRequest(uploadId, part, body, checksum),
                () => turn.TryStartNextOnSlotAtHand(_lane), _requests.Sending);
            (response, bytesSent) = await _requests.UploadPartAsync(attempts, cancellationToken).ConfigureAwait(false);
        }

        PartETag eTag = UploadChecksums.ToPartETag(part.PartNumber, response);
        lock (_parts)
        {
            _parts.Add(eTag);
        }

        _journal?.PartStored(eTag, part.Length, checksum!);

        Log.PartUploaded(_logger, Bucket, Key, part.PartNumber, part.Length);
        // Most of the part was counted as it went out; the rest (a client that read it some other way) now.
        if (part.Length - bytesSent is > 0 and long rest)
        {
            _progress.AddSent(rest);
        }

        _progress.Acknowledged(part.Length);
        return eTag;
    }

    /// <summary>A part's request around <paramref name="body"/>: a new one for each attempt.</summary>
    private UploadPartRequest BuildPartRequest(string uploadId, PartBody part, Stream body, string? checksum)
    {
        var request = new UploadPartRequest
        {
            BucketName = Bucket,
            Key = Key,
            UploadId = uploadId,
            PartNumber = part.PartNumber,
            PartSize = part.Length,
            InputStream = body,
        };
        RequestOptions.ApplyTo(_request, request);
        request.UseChunkEncoding = _signing.UseChunkEncoding;
        request.DisablePayloadSigning = _signing.DisablePayloadSigning;
        if (checksum is not null && _request.EffectiveChecksumAlgorithm is { } algorithm)
        {
            UploadChecksums.Apply(request, algorithm, checksum);
        }

        return request;
    }

    /// <summary>The answer of an upload an earlier run completed (it stopped before it could record so): every part is
    /// stored, nothing is sent, and the response says what S3 says of the object now.</summary>
    private TransferUtilityUploadResponse CompletedEarlier(CompleteMultipartUploadResponse earlier)
    {
        AddStoredParts();
        _finishing?.Invoke(earlier.ETag);
        _journal!.Completed();
        _progress.Complete();
        return UploadResponseDetails.From(UploadChecksums.FromComplete(earlier, _progress.TransferredBytes, _parts, _request.EffectiveChecksumAlgorithm,
            _fullObject?.Combine()), earlier, _request);
    }

    /// <summary>The parts an earlier run stored (a resumed upload): listed in CompleteMultipartUpload, and their CRCs in
    /// the full-object one, as if sent now.</summary>
    private void AddStoredParts()
    {
        foreach (StoredPart stored in _journal?.StoredParts ?? [])
        {
            _parts.Add(stored.ETag);
            _fullObject?.Add(stored.ETag.PartNumber!.Value, stored.Checksum!, stored.Length);
        }
    }
}
