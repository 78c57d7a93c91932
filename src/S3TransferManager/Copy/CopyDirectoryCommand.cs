using System.Runtime.CompilerServices;
using Amazon.S3.Model;
using S3TransferManager.Directories;
using S3TransferManager.Events;

namespace S3TransferManager.Copy;

/// <summary>
/// Copies every object under a prefix to another prefix: the listing (<see cref="ObjectListing"/>) feeds a bounded
/// look-ahead while workers copy, each object through <see cref="CopyCommand"/> on the utility's one request budget. The
/// listing's size and ETag stand in for a HEAD, so an object below the multipart threshold costs one CopyObject.
/// </summary>
internal sealed class CopyDirectoryCommand
{
    private readonly TransferResources _resources;
    private readonly TransferUtilityCopyDirectoryRequest _request;
    private readonly DirectoryProgress<CopyDirectoryProgressArgs> _progress;
    private readonly DirectoryTransfer<S3Object, CopyDirectoryProgressArgs> _transfer;
    private readonly string _listPrefix;
    private readonly string _targetPrefix;

    public CopyDirectoryCommand(TransferResources resources, TransferUtilityCopyDirectoryRequest request)
    {
        _resources = resources;
        _request = request;
        _listPrefix = request.ListPrefix;
        _targetPrefix = request.TargetPrefix;
        _progress = new DirectoryProgress<CopyDirectoryProgressArgs>(
            static (done, found, moved, foundBytes, key, keyMoved, keyLength) =>
                new CopyDirectoryProgressArgs(done, found, moved, foundBytes, key, keyMoved, keyLength),
            request.HasProgressSubscribers ? request.OnProgress : null);
        _transfer = new DirectoryTransfer<S3Object, CopyDirectoryProgressArgs>(resources, request.FailurePolicy, static item => item.Size ?? 0,
            _progress);
    }

    public async Task<TransferUtilityCopyDirectoryResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        _request.OnInitiated(new CopyDirectoryInitiatedEventArgs(_request));
        await _transfer.RunAsync(start: null, ListAsync, CopyOneAsync, RaiseFailed, cancellationToken).ConfigureAwait(false);
        var response = new TransferUtilityCopyDirectoryResponse(_transfer.Succeeded, _transfer.Errors.Count, _transfer.Errors);
        _request.OnCompleted(new CopyDirectoryCompletedEventArgs(_request, response, _progress.MovedBytes));
        return response;
    }

    private void RaiseFailed(Exception error) =>
        FailedEvent.Raise(_resources.Logger, nameof(_request.CopyDirectoryFailedEvent), _request.SourceBucket!, _listPrefix,
            () => _request.OnFailed(new CopyDirectoryFailedEventArgs(_request, error, _transfer.Succeeded)));

    private async IAsyncEnumerable<S3Object> ListAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (S3Object item in ObjectListing.ListAsync(_resources, _request.SourceBucket, _listPrefix, _request.ExpectedSourceBucketOwner,
            _request.RequestPayer, cancellationToken).ConfigureAwait(false))
        {
            _progress.Found(item.Size ?? 0);
            yield return item;
        }

        _progress.FoundAll();
    }

    private Task CopyOneAsync(S3Object item, CancellationToken cancellationToken)
    {
        string relative = item.Key[_listPrefix.Length..];
        long size = item.Size ?? 0;
        var objectRequest = new TransferUtilityCopyRequest
        {
            SourceBucket = _request.SourceBucket,
            SourceKey = item.Key,
            DestinationBucket = _request.DestinationBucket,
            DestinationKey = _targetPrefix + relative,
            StorageClass = _request.StorageClass,
            ChecksumAlgorithm = _request.ChecksumAlgorithm,
            ExpectedBucketOwner = _request.ExpectedBucketOwner,
            ExpectedSourceBucketOwner = _request.ExpectedSourceBucketOwner,
            RequestPayer = _request.RequestPayer,
            Listed = item.ETag is { } eTag ? new ListedSource(size, eTag) : null,
        };
        return _transfer.TransferEntryAsync(async moved =>
        {
            _request.OnObjectRequest(new CopyDirectoryObjectRequestArgs(objectRequest));
            objectRequest.Validate();
            if (_progress.Listening)
            {
                objectRequest.CopyProgressEvent += (_, e) => _progress.Moved(moved, relative, e.TransferredBytes, e.TotalBytes);
            }

            await new CopyCommand(_resources, objectRequest).ExecuteAsync(cancellationToken).ConfigureAwait(false);
            return (relative, size);
        }, error => FailedEvent.Raise(_resources.Logger, nameof(_request.ObjectCopyFailedEvent), _request.SourceBucket!, item.Key,
            () => _request.OnObjectFailed(new ObjectCopyFailedEventArgs(_request, objectRequest, error))), cancellationToken);
    }
}
