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
    }

    public async Task<TransferUtilityCopyDirectoryResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        _request.OnInitiated(new CopyDirectoryInitiatedEventArgs(_request));
        var runner = new DirectoryRunner<S3Object>(2 * _resources.Scheduler.Ceiling, _request.FailurePolicy, DirectoryLookahead.Items,
            static item => item.Size ?? 0);
        try
        {
            await runner.RunAsync(ListAsync, CopyOneAsync, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            FailedEvent.Raise(_resources.Logger, nameof(_request.CopyDirectoryFailedEvent), _request.SourceBucket!, _listPrefix,
                () => _request.OnFailed(new CopyDirectoryFailedEventArgs(_request, e, runner.Succeeded)));
            throw;
        }

        var response = new TransferUtilityCopyDirectoryResponse(runner.Succeeded, runner.Errors.Count, runner.Errors);
        _request.OnCompleted(new CopyDirectoryCompletedEventArgs(_request, response, _progress.MovedBytes));
        return response;
    }

    private async IAsyncEnumerable<S3Object> ListAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var list = new ListObjectsV2Request
        {
            BucketName = _request.SourceBucket,
            Prefix = _listPrefix,
            ExpectedBucketOwner = _request.ExpectedSourceBucketOwner,
            RequestPayer = _request.RequestPayer,
        };
        await foreach (S3Object item in ObjectListing.ListAsync(_resources, list, cancellationToken).ConfigureAwait(false))
        {
            _progress.Found(item.Size ?? 0);
            yield return item;
        }

        _progress.FoundAll();
    }

    private async Task CopyOneAsync(S3Object item, CancellationToken cancellationToken)
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
        StrongBox<long> moved = DirectoryProgress<CopyDirectoryProgressArgs>.StartFile();
        try
        {
            _request.OnObjectRequest(new CopyDirectoryObjectRequestArgs(objectRequest));
            objectRequest.Validate();
            if (_progress.Listening)
            {
                objectRequest.CopyProgressEvent += (_, e) => _progress.Moved(moved, relative, e.TransferredBytes, e.TotalBytes);
            }

            await new CopyCommand(_resources, objectRequest).ExecuteAsync(cancellationToken).ConfigureAwait(false);
            _progress.Completed(moved, relative, size);
        }
        catch (Exception e)
        {
            _progress.Failed(moved);
            if (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
            {
                FailedEvent.Raise(_resources.Logger, nameof(_request.ObjectCopyFailedEvent), _request.SourceBucket!, item.Key,
                    () => _request.OnObjectFailed(new ObjectCopyFailedEventArgs(_request, objectRequest, e)));
            }

            throw;
        }
    }
}
