using System.Runtime.CompilerServices;
using Amazon.S3.Model;
using S3TransferManager.Download;
using S3TransferManager.Internal;

namespace S3TransferManager.Directories;

/// <summary>
/// Downloads every object under a prefix: ListObjectsV2 pages feed a bounded channel while workers download, each
/// object through <see cref="FileDownloadCommand"/> on the utility's one request budget (a small object costs one GET).
/// </summary>
internal sealed class DownloadDirectoryCommand
{
    private readonly TransferResources _resources;
    private readonly TransferUtilityDownloadDirectoryRequest _request;
    private long _listedObjects;
    private long _listedBytes;
    private long _doneObjects;
    private long _doneBytes;

    public DownloadDirectoryCommand(TransferResources resources, TransferUtilityDownloadDirectoryRequest request)
    {
        _resources = resources;
        _request = request;
    }

    public async Task<TransferUtilityDownloadDirectoryResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        System.IO.Directory.CreateDirectory(_request.LocalDirectory!);
        // Workers only wait on the shared budget; twice the budget keeps it busy while some are between objects.
        var runner = new DirectoryRunner<S3Object>(2 * _resources.Config.RequestCeiling, _request.FailurePolicy);
        await runner.RunAsync(ListAsync, DownloadOneAsync, cancellationToken).ConfigureAwait(false);
        return new TransferUtilityDownloadDirectoryResponse(runner.Succeeded, runner.Errors.Count, runner.Errors);
    }

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
                Interlocked.Increment(ref _listedObjects);
                Interlocked.Add(ref _listedBytes, item.Size ?? 0);
                yield return item;
            }

            list.ContinuationToken = page.NextContinuationToken;
        }
        while (page.IsTruncated == true && !string.IsNullOrEmpty(page.NextContinuationToken));
    }

    private async Task DownloadOneAsync(S3Object item, CancellationToken cancellationToken)
    {
        var objectRequest = NewObjectRequest(item.Key);
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
                _request.OnFileRequest(new DownloadDirectoryFileRequestArgs(objectRequest));
                // The listing's size says whether one GET of the whole object will do; then S3 sends the stored
                // checksum with the body, and small objects are validated with no extra request. Decided after the
                // hook, which may change the part size.
                objectRequest.FitsOnePart = item.Size is { } size && size <= objectRequest.PartSize;
                await new FileDownloadCommand(_resources, objectRequest).ExecuteAsync(cancellationToken).ConfigureAwait(false);
            }
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            _request.OnFailed(new ObjectDownloadFailedEventArgs(_request, objectRequest, e));
            throw;
        }

        long done = Interlocked.Increment(ref _doneObjects);
        long bytes = Interlocked.Add(ref _doneBytes, item.Size ?? 0);
        _request.OnProgress(new DownloadDirectoryProgressArgs(Saturate(done), Saturate(Interlocked.Read(ref _listedObjects)), bytes,
            Interlocked.Read(ref _listedBytes), objectRequest.FilePath));
    }

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

    private static int Saturate(long count) => (int)Math.Min(count, int.MaxValue);
}
