using System.Runtime.CompilerServices;
using Amazon.S3.Model;
using S3TransferManager.Download;
using S3TransferManager.Internal;

namespace S3TransferManager.Directories;

/// <summary>
/// Downloads every object under a prefix: ListObjectsV2 pages feed a bounded look-ahead while workers download, each
/// object through <see cref="FileDownloadCommand"/> on the utility's one request budget (a small object costs one GET).
/// </summary>
internal sealed class DownloadDirectoryCommand
{
    private readonly TransferResources _resources;
    private readonly TransferUtilityDownloadDirectoryRequest _request;
    private readonly DirectoryProgress<DownloadDirectoryProgressArgs> _progress;

    public DownloadDirectoryCommand(TransferResources resources, TransferUtilityDownloadDirectoryRequest request)
    {
        _resources = resources;
        _request = request;
        _progress = new DirectoryProgress<DownloadDirectoryProgressArgs>(
            static (done, found, moved, foundBytes, file, fileMoved, fileLength) =>
                new DownloadDirectoryProgressArgs(done, found, moved, foundBytes, file, fileMoved, fileLength),
            request.HasProgressSubscribers ? request.OnProgress : null);
    }

    public async Task<TransferUtilityDownloadDirectoryResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        _request.OnDirectoryInitiated(new DownloadDirectoryInitiatedEventArgs(_request));
        // Workers only wait on the shared budget; twice the budget keeps it busy while some are between objects. Of up to
        // a listing page of objects listed ahead, a free worker takes the largest, as uploads do with files found ahead.
        var runner = new DirectoryRunner<S3Object>(2 * _resources.Config.RequestCeiling, _request.FailurePolicy,
            DirectoryLookahead.Items, static item => item.Size ?? 0);
        try
        {
            System.IO.Directory.CreateDirectory(_request.LocalDirectory!);
            await runner.RunAsync(ListAsync, DownloadOneAsync, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            RaiseFailed(e, runner.Succeeded);
            throw;
        }

        var response = new TransferUtilityDownloadDirectoryResponse(runner.Succeeded, runner.Errors.Count, runner.Errors);
        // Outside the try: a completed handler that throws gives the caller its exception, as for single downloads, and
        // the download is not reported as failed after it was reported as completed.
        _request.OnDirectoryCompleted(new DownloadDirectoryCompletedEventArgs(_request, response, _progress.MovedBytes,
            _progress.TotalBytes, response.ObjectsDownloaded, _progress.TotalFiles));
        return response;
    }

    /// <summary>Raises DownloadDirectoryFailedEvent; a handler that throws is logged, and the caller gets the download's
    /// own error (as for single downloads, see <see cref="FailedEvent"/>).</summary>
    private void RaiseFailed(Exception error, long succeeded) =>
        FailedEvent.Raise(_resources.Logger, nameof(_request.DownloadDirectoryFailedEvent), _request.BucketName!,
            _request.S3Directory ?? string.Empty,
            () => _request.OnDirectoryFailed(new DownloadDirectoryFailedEventArgs(_request, error, _progress.MovedBytes,
                _progress.TotalBytes, succeeded, _progress.TotalFiles)));

    private async IAsyncEnumerable<S3Object> ListAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        // "logs" means the folder logs/, not every key starting with "logs" (logs2/..., logs.txt).
        string? prefix = _request.DisableSlashCorrection || string.IsNullOrEmpty(_request.S3Directory)
            || _request.S3Directory.EndsWith('/') ? _request.S3Directory : _request.S3Directory + "/";
        var list = new ListObjectsV2Request { BucketName = _request.BucketName, Prefix = prefix };
        if (_request.ExpectedBucketOwner is not null)
        {
            list.ExpectedBucketOwner = _request.ExpectedBucketOwner;
        }

        if (_request.RequestPayer is not null)
        {
            list.RequestPayer = _request.RequestPayer;
        }

        ListObjectsV2Response page;
        do
        {
            page = await _resources.Client.ListObjectsV2Async(list, cancellationToken).ConfigureAwait(false);
            foreach (S3Object item in page.S3Objects ?? [])
            {
                _progress.Found(item.Size ?? 0);
                yield return item;
            }

            list.ContinuationToken = page.NextContinuationToken;
        }
        while (page.IsTruncated == true && !string.IsNullOrEmpty(page.NextContinuationToken));

        _progress.FoundAll();
    }

    private async Task DownloadOneAsync(S3Object item, CancellationToken cancellationToken)
    {
        var objectRequest = NewObjectRequest(item.Key);
        StrongBox<long> moved = DirectoryProgress<DownloadDirectoryProgressArgs>.StartFile();
        // Named only for progress handlers: without one, an object costs no extra string.
        string? current = _progress.Listening ? KeyPathMapper.RelativeKey(item.Key, _request.S3Directory) : null;
        long length = 0;
        try
        {
            string? path = KeyPathMapper.Map(item.Key, _request.S3Directory, _request.LocalDirectory!);
            if (path is null || Path.EndsInDirectorySeparator(path))
            {
                // A folder marker (or the prefix itself) stands for a folder: create it, there is nothing to fetch.
                System.IO.Directory.CreateDirectory(path ?? _request.LocalDirectory!);
            }
            else
            {
                System.IO.Directory.CreateDirectory(Path.GetDirectoryName(path)!);
                objectRequest.FilePath = path;
                objectRequest.DownloadInitiatedEvent += (_, e) => _request.OnInitiated(e);
                objectRequest.DownloadCompletedEvent += (_, e) => _request.OnCompleted(e);
                if (_progress.Listening)
                {
                    objectRequest.WriteObjectProgressEvent += (_, e) => _progress.Moved(moved, current, e.TransferredBytes, e.TotalBytes);
                }

                _request.OnFileRequest(new DownloadDirectoryFileRequestArgs(objectRequest));
                // The listing's size says whether one GET of the whole object will do (then S3 sends the stored
                // checksum with the body, and small objects are validated with no extra request), and lets the
                // temporary file be created while that GET is out. Read after the hook, which may change the part size.
                objectRequest.ListedLength = item.Size;
                TransferUtilityDownloadResponse response = await new FileDownloadCommand(_resources, objectRequest)
                    .ExecuteAsync(cancellationToken).ConfigureAwait(false);
                length = response.ContentLength;
            }

            // Inside the try: a progress handler that throws fails this object, as its own progress handler would.
            _progress.Completed(moved, current, length);
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

    /// <summary>Raises ObjectDownloadFailedEvent; a handler that throws is logged, and the object's own error is what
    /// the response or the caller gets (see <see cref="FailedEvent"/>).</summary>
    private void RaiseObjectFailed(TransferUtilityDownloadRequest objectRequest, Exception error) =>
        FailedEvent.Raise(_resources.Logger, nameof(_request.ObjectDownloadFailedEvent), _request.BucketName!, objectRequest.Key!,
            () => _request.OnFailed(new ObjectDownloadFailedEventArgs(_request, objectRequest, error)));

    private TransferUtilityDownloadRequest NewObjectRequest(string key) => new()
    {
        BucketName = _request.BucketName,
        Key = key,
        IfMatch = _request.IfMatch,
        IfNoneMatch = _request.IfNoneMatch,
        ModifiedSinceDate = _request.ModifiedSinceDate,
        UnmodifiedSinceDate = _request.UnmodifiedSinceDate,
        ServerSideEncryptionCustomerMethod = _request.ServerSideEncryptionCustomerMethod,
        ServerSideEncryptionCustomerProvidedKey = _request.ServerSideEncryptionCustomerProvidedKey,
        ServerSideEncryptionCustomerProvidedKeyMD5 = _request.ServerSideEncryptionCustomerProvidedKeyMD5,
        ResponseHeaderOverrides = _request.ResponseHeaderOverrides,
        ExpectedBucketOwner = _request.ExpectedBucketOwner,
        RequestPayer = _request.RequestPayer,
    };
}
