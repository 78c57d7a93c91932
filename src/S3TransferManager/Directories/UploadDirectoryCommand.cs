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
    private readonly DirectoryTransfer<FileInfo, UploadDirectoryProgressArgs> _transfer;
    private readonly DirectoryProgress<UploadDirectoryProgressArgs> _progress;

    // The most files counted first when the request leaves it to the library.
    private readonly long _countLimit;

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
        _transfer = new DirectoryTransfer<FileInfo, UploadDirectoryProgressArgs>(resources, request.FailurePolicy, static file => file.Length,
            _progress);
    }

    public async Task<TransferUtilityUploadDirectoryResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        (long Files, long Bytes)? counted = await CountAsync(cancellationToken).ConfigureAwait(false);
        if (counted is { } totals)
        {
            _progress.Counted(totals.Files, totals.Bytes);
        }

        _request.OnDirectoryInitiated(new UploadDirectoryInitiatedEventArgs(_request, counted?.Files ?? -1, counted?.Bytes ?? -1));
        await _transfer.RunAsync(
            token => _resources.Journals is { } journals ? journals.OpenUploadDirectoryAsync(_request, token) : default,
            EnumerateAsync, UploadOneAsync, RaiseFailed, cancellationToken).ConfigureAwait(false);
        TransferUtilityUploadDirectoryResponse response = _transfer.Respond(
            static (done, failed, errors) => new TransferUtilityUploadDirectoryResponse(done, failed, errors));
        // After the run: a completed handler that throws gives the caller its exception, as for single uploads, and
        // the upload is not reported as failed after it was reported as completed.
        _request.OnDirectoryCompleted(new UploadDirectoryCompletedEventArgs(_request, response, response.ObjectsUploaded,
            _progress.TotalFiles, _progress.MovedBytes, _progress.TotalBytes));
        return response;
    }

    /// <summary>Raises UploadDirectoryFailedEvent; a handler that throws is logged, and the caller gets the upload's own
    /// error (as for single uploads, see <see cref="FailedEvent"/>).</summary>
    private void RaiseFailed(Exception error) =>
        FailedEvent.Raise(_resources.Logger, nameof(_request.UploadDirectoryFailedEvent), _request.BucketName!,
            _request.KeyPrefix ?? string.Empty,
            () => _request.OnDirectoryFailed(new UploadDirectoryFailedEventArgs(_request, error, _transfer.Succeeded,
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

    private Task UploadOneAsync(FileInfo file, CancellationToken cancellationToken)
    {
        string relative = Path.GetRelativePath(_root, file.FullName).Replace(Path.DirectorySeparatorChar, '/');
        TransferUtilityUploadRequest objectRequest = _request.ForFile(file.FullName, _request.KeyFor(relative));
        return _transfer.TransferEntryAsync(async moved =>
        {
            if (_progress.Listening)
            {
                objectRequest.UploadProgressEvent += (_, e) => _progress.Moved(moved, objectRequest.FilePath, e.TransferredBytes, e.TotalBytes);
            }

            _request.OnFileRequest(new UploadDirectoryFileRequestArgs(objectRequest));
            string path = objectRequest.FilePath!;
            string key = objectRequest.Key!;
            DirectoryJournal? journal = _transfer.Journal;
            // A file's own journal left beside a finished record (a run stopped between the two) goes through the upload,
            // which finds its upload completed and sends nothing.
            if (journal?.IsFinished(key, path, file.Length, eTag: null) == true
                && _resources.Journals?.HasUploadJournal(_request.BucketName!, key, path) != true)
            {
                // An earlier run uploaded it, and the file has not changed since.
                _transfer.Totals.Add(file.Length, 0);
                return (objectRequest.FilePath, file.Length);
            }

            TransferUtilityUploadResponse response = await new UploadCommand(_resources, objectRequest,
                    journal is null ? null : eTag => journal.Finished(key, path, new FileInfo(path), eTag))
                .ExecuteAsync(cancellationToken).ConfigureAwait(false);
            _transfer.Totals.Add(response.ResumedBytes, response.TransferredBytes);
            return (objectRequest.FilePath, response.ContentLength);
        }, error => RaiseObjectFailed(objectRequest, error), cancellationToken);
    }

    /// <summary>Raises ObjectUploadFailedEvent; a handler that throws is logged, and the file's own error is what the
    /// response or the caller gets (see <see cref="FailedEvent"/>).</summary>
    private void RaiseObjectFailed(TransferUtilityUploadRequest objectRequest, Exception error) =>
        FailedEvent.Raise(_resources.Logger, nameof(_request.ObjectUploadFailedEvent), _request.BucketName!, objectRequest.Key!,
            () => _request.OnFailed(new ObjectUploadFailedEventArgs(_request, objectRequest, error)));
}
