using System.Runtime.CompilerServices;
using Amazon.S3.Model;
using S3TransferManager.Download;
using S3TransferManager.Events;
using S3TransferManager.Resume;

namespace S3TransferManager.Directories;

/// <summary>
/// Downloads every object under a prefix: ListObjectsV2 pages feed a bounded look-ahead while workers download, each
/// object through <see cref="FileDownloadCommand"/> on the utility's one request budget (a small object costs one GET).
/// </summary>
internal sealed class DownloadDirectoryCommand
{
    private readonly TransferResources _resources;
    private readonly TransferUtilityDownloadDirectoryRequest _request;
    private readonly DirectoryTransfer<ListedObject, DownloadDirectoryProgressArgs> _transfer;
    private readonly DirectoryProgress<DownloadDirectoryProgressArgs> _progress;
    private readonly KeyPathMapper _mapper;

    // How the local folder's file system compares names; null to probe it when the download starts.
    private readonly NameFolding? _folding;

    // The files given to keys so far; set once the local folder exists, before the listing starts.
    private IPathClaims? _claims;

    // The folders made for files so far: each is made once, not once per file.
    private readonly KnownFolders _folders = new();

    /// <param name="resources">The utility's shared resources.</param>
    /// <param name="request">What to download, and where.</param>
    /// <param name="folding">How the local file system compares names; null to probe it (tests pass one to check a
    /// file system this machine does not have).</param>
    public DownloadDirectoryCommand(TransferResources resources, TransferUtilityDownloadDirectoryRequest request, NameFolding? folding = null)
    {
        _resources = resources;
        _request = request;
        _folding = folding;
        _mapper = new KeyPathMapper(request.S3Directory, request.DisableSlashCorrection, request.LocalDirectory!);
        _progress = new DirectoryProgress<DownloadDirectoryProgressArgs>(
            static (done, found, moved, foundBytes, file, fileMoved, fileLength) =>
                new DownloadDirectoryProgressArgs(done, found, moved, foundBytes, file, fileMoved, fileLength),
            request.HasProgressSubscribers ? request.OnProgress : null, nameFiles: !request.DownloadFilesConcurrently);
        // Of up to a listing page of objects listed ahead, a free worker takes the largest.
        _transfer = new DirectoryTransfer<ListedObject, DownloadDirectoryProgressArgs>(resources, request.FailurePolicy,
            static listed => listed.Item.Size ?? 0, _progress);
    }

    public async Task<TransferUtilityDownloadDirectoryResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        _request.OnDirectoryInitiated(new DownloadDirectoryInitiatedEventArgs(_request));
        await _transfer.RunAsync(StartAsync, ListAsync, DownloadOneAsync, RaiseFailed, cancellationToken).ConfigureAwait(false);
        TransferUtilityDownloadDirectoryResponse response = _transfer.Respond(
            static (done, failed, errors) => new TransferUtilityDownloadDirectoryResponse(done, failed, errors));
        // After the run: a completed handler that throws gives the caller its exception, as for single downloads, and
        // the download is not reported as failed after it was reported as completed.
        _request.OnDirectoryCompleted(new DownloadDirectoryCompletedEventArgs(_request, response, _progress.MovedBytes,
            _progress.TotalBytes, response.ObjectsDownloaded, _progress.TotalFiles));
        return response;
    }

    /// <summary>Makes the local folder, learns how its file system compares names, and opens the journal.</summary>
    private async ValueTask<DirectoryJournal?> StartAsync(CancellationToken cancellationToken)
    {
        System.IO.Directory.CreateDirectory(_request.LocalDirectory!);
        _claims = CreateClaims(_folding ?? NameFolding.Probe(_request.LocalDirectory!), Path.GetFullPath(_request.LocalDirectory!));
        return _resources.Journals is { } journals
            ? await journals.OpenDownloadDirectoryAsync(_request, cancellationToken).ConfigureAwait(false) : null;
    }

    /// <summary>The claims that fit the download: under exact names, with every path the one its key maps to, the
    /// listing's order bounds what must be remembered (<see cref="ListingOrderClaims"/>); a file system that folds
    /// names, or a handler that may choose any file, needs every claim kept (<see cref="LocalPathClaims"/>).</summary>
    private IPathClaims CreateClaims(NameFolding folding, string root) =>
        folding == NameFolding.Exact && !_request.HasFileRequestSubscribers
            ? new ListingOrderClaims(root)
            : new LocalPathClaims(folding, root);

    /// <summary>Raises DownloadDirectoryFailedEvent; a handler that throws is logged, and the caller gets the download's
    /// own error (as for single downloads, see <see cref="FailedEvent"/>).</summary>
    private void RaiseFailed(Exception error) =>
        FailedEvent.Raise(_resources.Logger, nameof(_request.DownloadDirectoryFailedEvent), _request.BucketName!,
            _request.S3Directory ?? string.Empty,
            () => _request.OnDirectoryFailed(new DownloadDirectoryFailedEventArgs(_request, error, _progress.MovedBytes,
                _progress.TotalBytes, _transfer.Succeeded, _progress.TotalFiles)));

    private async IAsyncEnumerable<ListedObject> ListAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (S3Object item in ObjectListing.ListAsync(_resources, _request.BucketName, _mapper.ListPrefix, _request.ExpectedBucketOwner,
            _request.RequestPayer, cancellationToken).ConfigureAwait(false))
        {
            if (!InDateRange(item))
            {
                continue;
            }

            _progress.Found(item.Size ?? 0);
            yield return Place(item);
        }

        _progress.FoundAll();
    }

    /// <summary>Whether the listed object was modified after <c>ModifiedSinceDate</c> and not after
    /// <c>UnmodifiedSinceDate</c>, as the AWS SDK decides it: on the listing's LastModified, so an object left out costs
    /// no request and is no failure.</summary>
    private bool InDateRange(S3Object item)
    {
        DateTime modified = (item.LastModified ?? default).ToUniversalTime();
        return !(_request.ModifiedSinceDate is { } since && modified <= since.ToUniversalTime())
            && !(_request.UnmodifiedSinceDate is { } until && modified > until.ToUniversalTime());
    }

    /// <summary>Gives a listed object its local path, in listing order, so that of two keys whose paths meet (one file,
    /// or a file and a folder of one name) the first listed keeps it, whatever order the workers take them in.</summary>
    private ListedObject Place(S3Object item)
    {
        try
        {
            string? path = _mapper.Map(item.Key);
            if (path is not null)
            {
                _claims!.Claim(item.Key, path);
            }

            return new ListedObject(item, path, null);
        }
        catch (Exception e) when (e is UnsafeKeyException or LocalPathConflictException)
        {
            return new ListedObject(item, null, e);
        }
    }

    private Task DownloadOneAsync(ListedObject listed, CancellationToken cancellationToken)
    {
        S3Object item = listed.Item;
        TransferUtilityDownloadRequest objectRequest = NewObjectRequest(item.Key);
        return _transfer.TransferEntryAsync(async moved =>
        {
            if (listed.Refusal is not null)
            {
                throw listed.Refusal;
            }

            // Named only for progress handlers that read it: otherwise an object costs no extra string.
            string? current = _progress.NamesFiles ? _mapper.RelativeKey(item.Key) : null;
            string? path = listed.Path;
            if (path is null || Path.EndsInDirectorySeparator(path))
            {
                // A folder marker (or the prefix itself) stands for a folder: create it, there is nothing to fetch.
                LocalFolders.Create(item.Key, path ?? _request.LocalDirectory!);
                return (current, 0);
            }

            return (current, await DownloadFileAsync(objectRequest, item, path, moved, current, cancellationToken).ConfigureAwait(false));
        }, error => RaiseObjectFailed(objectRequest, error), cancellationToken);
    }

    private async Task<long> DownloadFileAsync(TransferUtilityDownloadRequest objectRequest, S3Object item, string path,
        StrongBox<long> moved, string? current, CancellationToken cancellationToken)
    {
        _folders.Create(item.Key, Path.GetDirectoryName(path)!);
        objectRequest.FilePath = path;
        objectRequest.DownloadInitiatedEvent += (_, e) => _request.OnInitiated(e);
        objectRequest.DownloadCompletedEvent += (_, e) => _request.OnCompleted(e);
        if (_progress.Listening)
        {
            objectRequest.WriteObjectProgressEvent += (_, e) => _progress.Moved(moved, current, e.TransferredBytes, e.TotalBytes);
        }

        _request.OnFileRequest(new DownloadDirectoryFileRequestArgs(objectRequest));
        string target = Path.GetFullPath(objectRequest.FilePath ?? path);
        if (!string.Equals(target, path, StringComparison.Ordinal))
        {
            // The handler chose another file: it must not be one an earlier key was given either.
            _claims!.Claim(item.Key, target);
        }

        LocalFolders.ThrowIfFolder(item.Key, target);
        // The listing's size says whether one GET of the whole object will do (then S3 sends the stored checksum with
        // the body, and small objects are validated with no extra request), and lets the temporary file be created
        // while that GET is out. Read after the hook, which may change the part size.
        objectRequest.ListedLength = item.Size;
        DirectoryJournal? journal = _transfer.Journal;
        objectRequest.NoEarlierRun = journal?.HasEarlierRun == false;
        if (journal?.IsFinished(item.Key, target, item.Size ?? 0, item.ETag) == true)
        {
            // An earlier run downloaded this very version, and the file has not changed since. A run stopped between the
            // rename and deleting the object's own journal left that journal behind, with nothing in it to resume.
            _resources.Journals?.DiscardSpentDownload(target);
            _transfer.Totals.Add(item.Size ?? 0, 0);
            return item.Size ?? 0;
        }

        try
        {
            TransferUtilityDownloadResponse response = await new FileDownloadCommand(_resources, objectRequest,
                    journal is null ? null : (written, eTag) => journal.Finished(item.Key, target, written, eTag))
                .ExecuteAsync(cancellationToken).ConfigureAwait(false);
            _transfer.Totals.Add(response.ResumedBytes, response.TransferredBytes);
            return response.ContentLength;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException && Directory.Exists(target))
        {
            // A folder of the same name appeared while this file downloaded (another key's parent, or its marker): the
            // final rename was refused, so the folder and what is in it are intact.
            LocalFolders.ThrowIfFolder(item.Key, target, e);
            throw;
        }
    }

    /// <summary>Raises ObjectDownloadFailedEvent; a handler that throws is logged, and the object's own error is what
    /// the response or the caller gets (see <see cref="FailedEvent"/>).</summary>
    private void RaiseObjectFailed(TransferUtilityDownloadRequest objectRequest, Exception error) =>
        FailedEvent.Raise(_resources.Logger, nameof(_request.ObjectDownloadFailedEvent), _request.BucketName!, objectRequest.Key!,
            () => _request.OnFailed(new ObjectDownloadFailedEventArgs(_request, objectRequest, error)));

    private TransferUtilityDownloadRequest NewObjectRequest(string key)
    {
        var objectRequest = new TransferUtilityDownloadRequest { Key = key };
        _request.CopyGetOptionsTo(objectRequest);
        return objectRequest;
    }
}
