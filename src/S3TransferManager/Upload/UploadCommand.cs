using Microsoft.Extensions.Logging;
using Microsoft.Win32.SafeHandles;
using S3TransferManager.Buffering;
using S3TransferManager.Multipart;
using S3TransferManager.Resume;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;
using S3TransferManager.Events;

namespace S3TransferManager.Upload;

/// <summary>
/// Runs one upload: picks a single PutObject or a multipart upload by size (for a non-seekable stream, by reading
/// ahead up to the threshold), raises the lifecycle events exactly once, and closes the caller's stream only when asked.
/// </summary>
internal sealed class UploadCommand
{
    private readonly TransferResources _resources;
    private readonly TransferUtilityConfig _config;
    private readonly TransferUtilityUploadRequest _request;
    private readonly ILogger _logger;
    private readonly ProgressTracker _progress;
    private readonly TransferLane _lane;
    private readonly UploadContext _upload;

    // Told the stored object's ETag once, as soon as it is stored (before a multipart upload's journal goes); null if
    // no one asks.
    private readonly Action<string?>? _finishing;
    private bool _finished;

    /// <param name="resources">The utility's shared pieces: its request and memory budgets, and the pool stream parts
    /// rent their chunks from.</param>
    /// <param name="request">What to upload.</param>
    /// <param name="finishing">Called once with the stored object's ETag as soon as it is stored: for a multipart
    /// upload, before its journal is deleted, so that a directory upload's record of the file and the file's own
    /// journal are never both missing.</param>
    public UploadCommand(TransferResources resources, TransferUtilityUploadRequest request, Action<string?>? finishing = null)
    {
        _finishing = finishing;
        _resources = resources;
        _config = resources.Config;
        _request = request;
        request.ChecksumsOnlyWhenRequired = resources.Checksums.RequestsOnlyWhenRequired;
        _logger = resources.Logger;
        _progress = new ProgressTracker(request.HasProgressSubscribers ? request.OnProgress : null, resources.TimeProvider, resources.Tuner);
        _lane = resources.Scheduler.OpenLane();
        _upload = new UploadContext(resources, _lane, request, _progress);
    }

    public async Task<TransferUtilityUploadResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        using TransferLane lane = _lane;
        using TransferScope telemetry = TransferScope.StartUpload(_request.BucketName!, _request.Key!);
        long knownLength = KnownLength();
        telemetry.Describe(knownLength);
        _progress.SetTotal(knownLength);
        _request.OnInitiated(new UploadInitiatedEventArgs(_request, knownLength));
        TransferUtilityUploadResponse response;
        try
        {
            response = _request.FilePath is not null
                ? await UploadFileAsync(_request.FilePath, cancellationToken).ConfigureAwait(false)
                : await UploadStreamAsync(_request.InputStream!, knownLength, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            Log.UploadFailed(_logger, _request.BucketName!, _request.Key!, e);
            telemetry.Failed(e);
            RaiseFailed(e, knownLength);
            await CloseCallerStreamAsync(failing: true).ConfigureAwait(false);
            throw;
        }

        Finish(response.ETag);
        response.TransferredBytes = response.ContentLength - response.ResumedBytes;
        // Stored: a caller's stream that then fails to close does not make the upload itself a failure.
        telemetry.Succeeded(response.ContentLength);
        await CloseCallerStreamAsync(failing: false).ConfigureAwait(false);
        Log.UploadCompleted(_logger, _request.BucketName!, _request.Key!, response.ContentLength, response.PartCount);
        // As on the AWS SDK, whose uploads of a non-seekable stream count nothing: 0 of -1. The length is in the response.
        _request.OnCompleted(knownLength >= 0
            ? new UploadCompletedEventArgs(_request, response, response.ContentLength, response.ContentLength)
            : new UploadCompletedEventArgs(_request, response, 0, -1));
        return response;
    }

    /// <summary>Raises UploadFailedEvent; a handler that throws is logged, and the caller gets the transfer's own error.</summary>
    private void RaiseFailed(Exception error, long knownLength) =>
        FailedEvent.Raise(_logger, nameof(_request.UploadFailedEvent), _request.BucketName!, _request.Key!,
            () => _request.OnFailed(knownLength >= 0
                ? new UploadFailedEventArgs(_request, error, _progress.TransferredBytes, knownLength, _progress.TransferredBytes)
                : new UploadFailedEventArgs(_request, error, 0, -1, _progress.TransferredBytes)));

    private async Task CloseCallerStreamAsync(bool failing)
    {
        if (!_request.AutoCloseStream || _request.InputStream is not { } stream)
        {
            return;
        }

        try
        {
            await stream.DisposeAsync().ConfigureAwait(false);
        }
        catch (Exception e) when (failing)
        {
            // The caller's stream failing to close must not mask why the upload failed.
            Log.InputStreamCloseFailed(_logger, _request.BucketName!, _request.Key!, e);
        }
    }

    private long KnownLength() => _request switch
    {
        { FilePath: { } path } => new FileInfo(path).Length,
        { InputStream: { CanSeek: true } stream } => Math.Max(0, stream.Length - stream.Position),
        _ => -1,
    };

    private async Task<TransferUtilityUploadResponse> UploadFileAsync(string path, CancellationToken cancellationToken)
    {
        // One handle for every part: each part reads its own region by offset, so parts never share a position. Not
        // FileOptions.Asynchronous: FileRegionStream reads it synchronously (a page-cache pread takes microseconds).
        using SafeFileHandle handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.Read, FileOptions.None);
        long length = RandomAccess.GetLength(handle);
        _progress.SetTotal(length);
        if (length < _config.MinSizeBeforePartUpload)
        {
            using var body = new FileRegionStream(handle, 0, length);
            return await new SinglePutCommand(_upload).ExecuteAsync(body, length, cancellationToken).ConfigureAwait(false);
        }

        long partSize = PlanPartSize(length);
        // A file's parts can be read again, so its upload can be resumed: the journal (when resume is on) says which
        // parts an earlier run stored, and the part size that run chose.
        using UploadJournal? journal = _resources.Journals is { } journals
            ? await journals.OpenUploadAsync(_upload, path, handle, length, partSize, cancellationToken).ConfigureAwait(false)
            : null;
        if (journal is not null)
        {
            partSize = journal.PartSize;
            _progress.AddResumed(journal.ResumedBytes);
        }

        TransferUtilityUploadResponse response = await Multipart(journal)
            .ExecuteAsync(new FilePartSource(handle, length, partSize), partSize, cancellationToken).ConfigureAwait(false);
        response.ResumedBytes = journal?.ResumedBytes ?? 0;
        response.ResumeRestarts = journal?.Restarts ?? [];
        return response;
    }

    private async Task<TransferUtilityUploadResponse> UploadStreamAsync(Stream stream, long knownLength, CancellationToken cancellationToken)
    {
        if (knownLength >= 0 && knownLength < _config.MinSizeBeforePartUpload)
        {
            return await new SinglePutCommand(_upload).ExecuteAsync(stream, knownLength, cancellationToken).ConfigureAwait(false);
        }

        if (knownLength >= 0)
        {
            long partSize = PlanPartSize(knownLength);
            using var known = new StreamPartSource(stream, partSize, knownLength, _upload);
            return await Multipart().ExecuteAsync(known, partSize, cancellationToken).ConfigureAwait(false);
        }

        // Unknown length: the part size cannot grow to fit, so the stream may hold at most 10,000 parts of it.
        using var source = new StreamPartSource(stream, _request.PartSize ?? TransferLimits.DefaultPartSize, -1, _upload);
        ChunkedBufferStream? small = await source.PrefetchAsync(_config.MinSizeBeforePartUpload, cancellationToken).ConfigureAwait(false);
        if (small is not null)
        {
            using (small)
            {
                _progress.SetTotal(small.Length);
                return await new SinglePutCommand(_upload).ExecuteAsync(small, small.Length, cancellationToken).ConfigureAwait(false);
            }
        }

        return await Multipart().ExecuteAsync(source, _request.PartSize ?? TransferLimits.DefaultPartSize, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The part size of a source of known length: whole waves of the requests a transfer can count on at its
    /// start, unless the caller chose the size. The automatic budget moves, but every upload starts at the same one.</summary>
    private long PlanPartSize(long length) => _request.PartSize is { } chosen
        ? PartSizer.ForKnownLength(length, chosen)
        : PartSizer.ForWholeWaves(length, TransferLimits.DefaultPartSize, _resources.StartingRequests);

    private MultipartUploadCommand Multipart(UploadJournal? journal = null) => new(_upload, journal, _finishing is null ? null : Finish);

    private void Finish(string? eTag)
    {
        if (!_finished)
        {
            _finished = true;
            _finishing?.Invoke(eTag);
        }
    }
}
