using System.Runtime.CompilerServices;
using S3TransferManager.Checksums;
using S3TransferManager.Parts;
using S3TransferManager.Resume;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;
using S3TransferManager.Events;

namespace S3TransferManager.Download;

/// <summary>
/// Downloads one object to a file: discovery by the first ranged GET, then parts 2..N in parallel with If-Match, each
/// written at its offset into a temporary file that replaces the destination only when complete.
/// </summary>
internal sealed class FileDownloadCommand
{
    private readonly TransferResources _resources;
    private readonly TransferUtilityDownloadRequest _request;
    private readonly ProgressTracker _progress;

    // Told the temporary file and the ETag once the object is whole and validated, before the rename; null if no one asks.
    private readonly Action<FileInfo, string?>? _finishing;

    // Where a resumable download records its parts, and learns those an earlier run wrote; null otherwise.
    private DownloadJournal? _journal;

    /// <param name="resources">The utility's shared resources.</param>
    /// <param name="request">What to download, and where.</param>
    /// <param name="finishing">Called with the complete temporary file and the object's ETag just before it is renamed
    /// over the destination (a directory download records the object finished there: the rename keeps the file's length
    /// and last-write time, so a run stopped between the two finds either the record or a complete journal).</param>
    public FileDownloadCommand(TransferResources resources, TransferUtilityDownloadRequest request, Action<FileInfo, string?>? finishing = null)
    {
        _resources = resources;
        _request = request;
        _finishing = finishing;
        _progress = new ProgressTracker(request.HasProgressSubscribers ? request.OnProgress : null, resources.TimeProvider, resources.Tuner);
    }

    public async Task<TransferUtilityDownloadResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        _request.OnInitiated(new DownloadInitiatedEventArgs(_request));
        using TransferLane lane = _resources.Scheduler.OpenLane();
        using TransferScope telemetry = TransferScope.StartDownload(_request.BucketName!, _request.Key!);
        DownloadSession? session = null;
        AtomicFileWriter? early = null;
        TransferUtilityDownloadResponse response;
        try
        {
            _journal = _resources.Journals is { } journals && !_request.NeedsNoJournal
                ? await journals.OpenDownloadAsync(_request, cancellationToken).ConfigureAwait(false) : null;
            Task<DownloadSession> starting = StartAsync(lane, cancellationToken);
            // Not for a small object of a resumable folder download (it keeps no journal, but its transfer is one that may
            // be killed and run again): a temporary file made while the GET is out would outlive a kill there under a name
            // no later run can find. Made after the answer, it lives only while the body arrives.
            early = _journal is null && !_request.NeedsNoJournal ? CreateEarly() : null;
            session = await starting.ConfigureAwait(false);
            telemetry.Describe(session.Target.TotalLength, session.Layout.PartCount);
            response = await DownloadAsync(session, Interlocked.Exchange(ref early, null), cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            // A failure before the temporary file was opened (the first GET's): the journal, if any, decides alone.
            _journal?.KeepAfter(e, cancellationToken);
            Log.DownloadFailed(_resources.Logger, _request.BucketName!, _request.Key!, e);
            telemetry.Failed(e);
            RaiseFailed(e);
            throw;
        }
        finally
        {
            // Unused (the first GET failed): deleted, so a failed download leaves no temporary file.
            early?.Dispose();
            if (session is not null)
            {
                // No request outlives the transfer: the checksum HEAD, if still out, is stopped and waited for.
                await session.EndChecksumLookupAsync(stop: true).ConfigureAwait(false);
                session.Dispose();
            }

            _journal?.Dispose();
        }

        session.LogCompleted(_request.FilePath!);
        telemetry.Succeeded(response.ContentLength);
        _request.OnCompleted(new DownloadCompletedEventArgs(_request, response));
        return response;
    }

    /// <summary>Raises DownloadFailedEvent; a handler that throws is logged, and the caller gets the transfer's own error.</summary>
    private void RaiseFailed(Exception error) =>
        FailedEvent.Raise(_resources.Logger, nameof(_request.DownloadFailedEvent), _request.BucketName!, _request.Key!,
            () => _request.OnFailed(new DownloadFailedEventArgs(_request, error, _progress.TransferredBytes, _progress.TotalBytes)));

    /// <summary>The first GET: where a journal says an earlier run stopped, its first missing part with If-Match on the
    /// journal's ETag; when the object no longer has that ETag, the earlier parts are given up and the object's first
    /// part is asked for, as for a new download.</summary>
    private async Task<DownloadSession> StartAsync(TransferLane lane, CancellationToken cancellationToken)
    {
        if (_journal?.ResumePoint is { } resume)
        {
            try
            {
                return await DownloadSession.StartAsync(_resources, lane, _request, partsHeldInMemory: false, cancellationToken, resume: resume)
                    .ConfigureAwait(false);
            }
            catch (ObjectModifiedException) when (_request.IfMatch is null)
            {
                _journal.Restart($"the object changed since the earlier run (it no longer has ETag {resume.ETag}): the download starts over");
            }
        }

        return await DownloadSession.StartAsync(_resources, lane, _request, partsHeldInMemory: false, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// The temporary file, created while the first GET is out when a listing gave the object's size (a directory
    /// download): creating a file costs about a millisecond, more while other downloads create files in the same
    /// folder, and done after the GET answered it would hold the GET's request slot that long, for every small object.
    /// Null without a listed size, or when it cannot be created now: then it is created after the GET, which reports
    /// any error in its order.
    /// </summary>
    private AtomicFileWriter? CreateEarly()
    {
        if (_request.ListedLength is not { } length)
        {
            return null;
        }

        try
        {
            return AtomicFileWriter.Create(_request.FilePath!, length, _resources.Logger);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    private async Task<TransferUtilityDownloadResponse> DownloadAsync(DownloadSession session, AtomicFileWriter? early, CancellationToken cancellationToken)
    {
        DownloadTarget target = session.Target;
        PartLayout layout = session.Layout;
        _progress.SetTotal(target.TotalLength);

        // A journal records each part's digest from the checksum validation's hashing; only parts it does not hash are
        // hashed again, for the journal alone (DownloadPartAsync).
        session.PartDigestWhenNothingToCheck = _journal?.PartChecksum;

        TransferUtilityConfig config = _resources.Config;
        if (early is not null && _request.ListedLength != target.TotalLength)
        {
            // The object changed since it was listed: its room was reserved for another size.
            early.Dispose();
            early = null;
        }

        AtomicFileWriter file = early ?? await OpenFileAsync(session, cancellationToken).ConfigureAwait(false);
        try
        {
            // A resumed download fetches only the parts its journal does not hold (checked in the temporary file).
            NumberedParts toFetch = _journal is null ? new NumberedParts(layout.PartCount) : new NumberedParts([.. _journal.PartsToFetch]);
            _progress.AddResumed(_journal?.ResumedBytes ?? 0);
            var parts = new PartEngine<int, ResumableRangeStream>(toFetch, Math.Min(_resources.Scheduler.Ceiling, toFetch.Count),
                (turn, token) => DownloadPartAsync(session, file, turn, token), _resources.Tuning.FailureWaitLimit, _resources.TimeProvider,
                (turn, predecessorSlot, token) => OpenAsync(session, turn.Part, predecessorSlot, token).AsTask(), static body => body.DisposeAsync());
            await parts.RunAsync(cancellationToken).ConfigureAwait(false);

            // Before the rename: bytes that do not match the stored checksum never reach the destination.
            var response = new TransferUtilityDownloadResponse
            {
                ResumedBytes = _journal?.ResumedBytes ?? 0,
                TransferredBytes = target.TotalLength - (_journal?.ResumedBytes ?? 0),
                ResumeRestarts = _journal?.Restarts ?? [],
            };
            await session.ValidateChecksumAsync(response, cancellationToken).ConfigureAwait(false);
            _finishing?.Invoke(new FileInfo(file.TempPath), target.ETag);
            file.Commit(config.FlushToDisk);
            _journal?.Completed();
            _progress.Complete();
            session.DescribeInto(response);
            return response;
        }
        catch (Exception e)
        {
            // Interrupted (cancelled, or a failure a retry may cure) with a journal: the temporary file stays for the
            // next identical request. Otherwise it goes, as it always does.
            if (_journal?.KeepAfter(e, cancellationToken) == true)
            {
                file.KeepForResume();
            }

            throw;
        }
        finally
        {
            file.Dispose();
        }
    }

    /// <summary>The temporary file: the journal's (an earlier run's, with its parts checked, or a new one it names),
    /// or a new one of its own.</summary>
    private async ValueTask<AtomicFileWriter> OpenFileAsync(DownloadSession session, CancellationToken cancellationToken)
    {
        (string? temp, bool holdsParts) = _journal is null ? default
            : await _journal.PlanAsync(new DownloadPlan(session.Target.ETag, session.Layout, session.CreatePartHasher), cancellationToken)
                .ConfigureAwait(false);
        return holdsParts ? AtomicFileWriter.Reopen(_request.FilePath!, temp!, _resources.Logger)
            : AtomicFileWriter.Create(_request.FilePath!, session.Target.TotalLength, _resources.Logger, temp);
    }

    /// <summary>Downloads one part to its offset: its body (opened early by the worker's previous part, or now), copied
    /// through one buffer.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask DownloadPartAsync(DownloadSession session, AtomicFileWriter file, PartTurn<int, ResumableRangeStream> turn,
        CancellationToken token)
    {
        ResumableRangeStream body = turn.TakeStarted() is { } started
            ? await started.ConfigureAwait(false)
            : await OpenAsync(session, turn.Part, null, token).ConfigureAwait(false);
        await using (body.ConfigureAwait(false))
        {
            // In this body's last round trip, the worker's next part is requested, so its first byte arrives as this
            // body ends.
            if (_resources.Tuning.DownloadLookahead)
            {
                turn.Slot = body.Lease;
                body.OnNearEnd(PartTurn<int, ResumableRangeStream>.StartNextCallback, turn);
            }

            long start = session.Layout.StartOf(turn.Part);
            using ChecksumHasher? ownHash = _journal is null || body.HashesItsBytes ? null : ChecksumHasher.Create(_journal.PartChecksum);
            await CopyToFileAsync(body, file, start, ownHash, token).ConfigureAwait(false);
            RecordPart(turn.Part, start, session.Layout.LengthOf(turn.Part), body, ownHash);
        }
    }

    /// <summary>Tells the journal a part is in the file, with the digest of its bytes: the validation's, or this
    /// command's own when the validation did not hash them. A part that somehow ended with neither is left unrecorded: a
    /// later run fetches it again rather than trust it unchecked.</summary>
    private void RecordPart(int part, long start, long length, ResumableRangeStream body, ChecksumHasher? ownHash)
    {
        if (_journal is null)
        {
            return;
        }

        if (ownHash is not null)
        {
            _journal.PartWritten(part, start, length, _journal.PartChecksum, ownHash.ToBase64());
        }
        else if (body.WholePartDigest is { } digest)
        {
            _journal.PartWritten(part, start, length, digest.Algorithm, digest.Checksum);
        }
    }

    /// <summary>A part's body with its request sent and its response in (part 1: the discovery response).</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private static async ValueTask<ResumableRangeStream> OpenAsync(DownloadSession session, int part, RequestLease? predecessor,
        CancellationToken cancellationToken)
    {
        ResumableRangeStream body = await session.CreateBodyAsync(part, predecessor, cancellationToken).ConfigureAwait(false);
        try
        {
            await body.OpenAsync(cancellationToken).ConfigureAwait(false);
            return body;
        }
        catch
        {
            await body.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>Copies a part through one pooled 64 KiB buffer, filled completely before each positional write so the
    /// file sees few, large writes whatever size the network hands out; a resumable download's journal gets the
    /// checksum of what was written (<paramref name="checksum"/>).</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask CopyToFileAsync(ResumableRangeStream body, AtomicFileWriter file, long offset, ChecksumHasher? checksum,
        CancellationToken cancellationToken)
    {
        byte[] buffer = _resources.Pool.Rent(TransferLimits.BufferSize);
        try
        {
            while (body.Remaining > 0)
            {
                int filled = 0;
                int want = (int)Math.Min(TransferLimits.BufferSize, body.Remaining);
                while (filled < want)
                {
                    filled += await body.ReadAsync(buffer.AsMemory(filled, want - filled), cancellationToken).ConfigureAwait(false);
                }

                file.Write(buffer.AsSpan(0, filled), offset);
                checksum?.Append(buffer.AsSpan(0, filled));
                offset += filled;
                _progress.Add(filled);
            }
        }
        finally
        {
            _resources.Pool.Return(buffer);
        }
    }
}
