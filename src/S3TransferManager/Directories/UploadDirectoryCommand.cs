using System.Runtime.CompilerServices;
using S3TransferManager.Resume;
using S3TransferManager.Upload;
using S3TransferManager.Events;

namespace S3TransferManager.Directories;

/// <summary>
/// Uploads the files of a folder, enumerated lazily, each through <see cref="UploadCommand"/> (one PutObject when
/// small, multipart when big) with a bounded number of files in flight.
/// </summary>
internal sealed class UploadDirectoryCommand
{
    private readonly TransferResources _resources;
    private readonly TransferUtilityUploadDirectoryRequest _request;
    private readonly string _root;
    private readonly DirectoryProgress<UploadDirectoryProgressArgs> _progress;

    // The most files counted first when the request leaves it to the library.
    private readonly long _countLimit;

    private readonly ResumeTotals _totals = new();

    // The files an earlier, interrupted run of this request finished; null when resume is off.
    private DirectoryJournal? _journal;

    /// <param name="resources">The utility's shared resources.</param>
    /// <param name="request">What to upload, and where.</param>
    /// <param name="countLimit">The most files counted first by default (tests lower it).</param>
    public UploadDirectoryCommand(TransferResources resources, TransferUtilityUploadDirectoryRequest request, long countLimit = FileCount.DefaultLimit)
    {
        _resources = resources;
        _request = request;
        _countLimit = countLimit;
        _root = Path.GetFullPath(request.Directory!);
        _progress = new DirectoryProgress<UploadDirectoryProgressArgs>(
            static (done, found, moved, foundBytes, file, fileMoved, fileLength) =>
                new UploadDirectoryProgressArgs(done, found, moved, foundBytes, file, fileMoved, fileLength),
            request.HasProgressSubscribers ? request.OnProgress : null, nameFiles: !request.UploadFilesConcurrently);
    }

    public async Task<TransferUtilityUploadDirectoryResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        (long Files, long Bytes)? counted = await CountAsync(cancellationToken).ConfigureAwait(false);
        if (counted is { } totals)
        {
            _progress.Counted(totals.Files, totals.Bytes);
        }

        _request.OnDirectoryInitiated(new UploadDirectoryInitiatedEventArgs(_request, counted?.Files ?? -1, counted?.Bytes ?? -1));
        // Every request of every file draws on the utility's one budget, so workers only wait there; twice the budget
        // keeps it busy while some are between files (as for directory downloads). Of the files found ahead, a free
        // worker takes the largest: a big file found late would otherwise run its parts alone at the end.
        var runner = new DirectoryRunner<FileInfo>(2 * _resources.Scheduler.Ceiling, _request.FailurePolicy, DirectoryLookahead.Items,
            static file => file.Length);
        bool finished = false;
        try
        {
            _journal = _resources.Journals is { } journals
                ? await journals.OpenUploadDirectoryAsync(_request, cancellationToken).ConfigureAwait(false) : null;
            await runner.RunAsync(EnumerateAsync, UploadOneAsync, cancellationToken).ConfigureAwait(false);
            finished = runner.Errors.Count == 0;
        }
        catch (Exception e)
        {
            RaiseFailed(e, runner.Succeeded);
            throw;
        }
        finally
        {
            // Kept unless every file was uploaded: the next identical request skips those that were.
            if (finished)
            {
                _journal?.Completed();
            }

            _journal?.Dispose();
        }

        var response = new TransferUtilityUploadDirectoryResponse(runner.Succeeded, runner.Failed, runner.Errors)
        {
            ResumedBytes = _totals.Resumed,
            TransferredBytes = _totals.Transferred,
        };
        // Outside the try: a completed handler that throws gives the caller its exception, as for single uploads, and
        // the upload is not reported as failed after it was reported as completed.
        _request.OnDirectoryCompleted(new UploadDirectoryCompletedEventArgs(_request, response, response.ObjectsUploaded,
            _progress.TotalFiles, _progress.MovedBytes, _progress.TotalBytes));
        return response;
    }

    /// <summary>Raises UploadDirectoryFailedEvent; a handler that throws is logged, and the caller gets the upload's own
    /// error (as for single uploads, see <see cref="FailedEvent"/>).</summary>
    private void RaiseFailed(Exception error, long succeeded) =>
        FailedEvent.Raise(_resources.Logger, nameof(_request.UploadDirectoryFailedEvent), _request.BucketName!,
            _request.KeyPrefix ?? string.Empty,
            () => _request.OnDirectoryFailed(new UploadDirectoryFailedEventArgs(_request, error, succeeded,
                _progress.TotalFiles, _progress.MovedBytes, _progress.TotalBytes)));

    /// <summary>The folder's totals, counted as <see cref="TransferUtilityUploadDirectoryRequest.CountFilesFirst"/> asks,
    /// off the caller's thread (the walk touches the disk synchronously); null when not counted. Cancellation is left
    /// to the upload, which reports it through its failed event.</summary>
    private async Task<(long Files, long Bytes)?> CountAsync(CancellationToken cancellationToken)
    {
        long limit = _request.CountFilesFirst switch { false => 0, true => long.MaxValue, null => _countLimit };
        if (limit == 0)
        {
            return null;
        }

        await Task.CompletedTask.ConfigureAwait(ConfigureAwaitOptions.ForceYielding);
        try
        {
            return FileCount.Count(_root, _request.SearchPattern, _request.SearchOption, limit, cancellationToken);
        }
        catch (OperationCanceledException)
        {
            return null;
        }
    }

    private async IAsyncEnumerable<FileInfo> EnumerateAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        // Enumerating touches the disk synchronously: leave the caller's thread before the first file.
        await Task.CompletedTask.ConfigureAwait(ConfigureAwaitOptions.ForceYielding);
        foreach (string path in System.IO.Directory.EnumerateFiles(_root, _request.SearchPattern, _request.SearchOption))
        {
            cancellationToken.ThrowIfCancellationRequested();
            var file = new FileInfo(path);
            _progress.Found(file.Length);
            yield return file;
        }

        _progress.FoundAll();
    }

    private async Task UploadOneAsync(FileInfo file, CancellationToken cancellationToken)
    {
        string relative = Path.GetRelativePath(_root, file.FullName).Replace(Path.DirectorySeparatorChar, '/');
        TransferUtilityUploadRequest objectRequest = _request.ForFile(file.FullName, _request.KeyFor(relative));
        StrongBox<long> moved = DirectoryProgress<UploadDirectoryProgressArgs>.StartFile();
        if (_progress.Listening)
        {
            objectRequest.UploadProgressEvent += (_, e) => _progress.Moved(moved, objectRequest.FilePath, e.TransferredBytes, e.TotalBytes);
        }

        try
        {
            _request.OnFileRequest(new UploadDirectoryFileRequestArgs(objectRequest));
            string path = objectRequest.FilePath!;
            string key = objectRequest.Key!;
            // A file's own journal left beside a finished record (a run stopped between the two) goes through the upload,
            // which finds its upload completed and sends nothing.
            if (_journal?.IsFinished(key, path, file.Length, eTag: null) == true
                && _resources.Journals?.HasUploadJournal(_request.BucketName!, key, path) != true)
            {
                // An earlier run uploaded it, and the file has not changed since.
                _totals.Add(file.Length, 0);
                _progress.Completed(moved, objectRequest.FilePath, file.Length);
                return;
            }

            DirectoryJournal? journal = _journal;
            TransferUtilityUploadResponse response = await new UploadCommand(_resources, objectRequest,
                    journal is null ? null : eTag => journal.Finished(key, path, new FileInfo(path), eTag))
                .ExecuteAsync(cancellationToken).ConfigureAwait(false);
            _totals.Add(response.ResumedBytes, response.TransferredBytes);
            // Inside the try: a progress handler that throws fails this file, as its own progress handler would.
            _progress.Completed(moved, objectRequest.FilePath, response.ContentLength);
        }
        catch (Exception e)
        {
            _progress.Failed(moved);
            if (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
            {
                RaiseObjectFailed(objectRequest, e);
            }

            throw;
        }
    }

    /// <summary>Raises ObjectUploadFailedEvent; a handler that throws is logged, and the file's own error is what the
    /// response or the caller gets (see <see cref="FailedEvent"/>).</summary>
    private void RaiseObjectFailed(TransferUtilityUploadRequest objectRequest, Exception error) =>
        FailedEvent.Raise(_resources.Logger, nameof(_request.ObjectUploadFailedEvent), _request.BucketName!, objectRequest.Key!,
            () => _request.OnFailed(new ObjectUploadFailedEventArgs(_request, objectRequest, error)));
}
