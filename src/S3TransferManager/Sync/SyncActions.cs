using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Copy;
using S3TransferManager.Directories;
using S3TransferManager.Download;
using S3TransferManager.Scheduling;
using S3TransferManager.Upload;

namespace S3TransferManager.Sync;

/// <summary>
/// Does what a sync decided for one entry, each through the command the single-object API uses: an upload through
/// <see cref="UploadCommand"/>, a download through <see cref="FileDownloadCommand"/> (then the file is given the
/// object's LastModified, as the AWS CLI does, so the next sync finds the pair equal), a copy through
/// <see cref="CopyCommand"/> (the listing's size and ETag standing in for its HEAD), and a file's deletion (objects are
/// deleted in batches, by <see cref="ObjectBatchDelete"/>). Every request draws on the utility's one budget.
/// </summary>
internal sealed class SyncActions
{
    private readonly TransferResources _resources;
    private readonly TransferUtilitySyncRequest _request;
    private readonly SyncSide _source;
    private readonly SyncSide _destination;
    private readonly KeyPathMapper? _mapper;

    public SyncActions(TransferResources resources, TransferUtilitySyncRequest request, SyncSide source, SyncSide destination)
    {
        _resources = resources;
        _request = request;
        _source = source;
        _destination = destination;
        _mapper = destination.IsLocal ? new KeyPathMapper(source.Prefix, disableSlashCorrection: true, destination.Directory!) : null;
    }

    public Task RunAsync(SyncItem item, CancellationToken cancellationToken) => item.Action switch
    {
        SyncAction.Upload => UploadAsync(item.Source!, cancellationToken),
        SyncAction.Download => DownloadAsync(item.Source!, cancellationToken),
        SyncAction.Copy => CopyAsync(item.Source!, cancellationToken),
        _ => DeleteAsync(item.Destination!),
    };

    private Task UploadAsync(SyncEntry file, CancellationToken cancellationToken)
    {
        var upload = new TransferUtilityUploadRequest
        {
            BucketName = _destination.Bucket,
            Key = _destination.LocationOf(file.RelativeKey),
            FilePath = file.Location,
            ExpectedBucketOwner = _request.ExpectedBucketOwner,
            RequestPayer = _request.RequestPayer,
        };
        upload.Validate();
        return new UploadCommand(_resources, upload).ExecuteAsync(cancellationToken);
    }

    private async Task DownloadAsync(SyncEntry stored, CancellationToken cancellationToken)
    {
        // The mapper refuses a key that would land outside the folder ("..", a leading '/', a drive letter).
        string path = _mapper!.Map(stored.Location)!;
        LocalFolders.Create(stored.Location, Path.GetDirectoryName(path)!);
        LocalFolders.ThrowIfFolder(stored.Location, path);
        var download = new TransferUtilityDownloadRequest
        {
            BucketName = _source.Bucket,
            Key = stored.Location,
            FilePath = path,
            IfMatch = stored.ETag,
            ExpectedBucketOwner = _request.ExpectedBucketOwner,
            RequestPayer = _request.RequestPayer,
            ListedLength = stored.Size,
        };
        download.Validate();
        await new FileDownloadCommand(_resources, download).ExecuteAsync(cancellationToken).ConfigureAwait(false);
        File.SetLastWriteTimeUtc(path, stored.LastModified);
    }

    private Task CopyAsync(SyncEntry stored, CancellationToken cancellationToken)
    {
        var copy = new TransferUtilityCopyRequest
        {
            SourceBucket = _source.Bucket,
            SourceKey = stored.Location,
            DestinationBucket = _destination.Bucket,
            DestinationKey = _destination.LocationOf(stored.RelativeKey),
            // The source's own CRC when it has one, so checksum mode can compare the two objects on the next sync.
            ChecksumAlgorithm = IsCrc(stored.ChecksumAlgorithm) ? stored.ChecksumAlgorithm : null,
            ExpectedBucketOwner = _request.ExpectedBucketOwner,
            ExpectedSourceBucketOwner = _request.ExpectedBucketOwner,
            RequestPayer = _request.RequestPayer,
            Listed = stored.ETag is { } eTag ? new ListedSource(stored.Size, eTag) : null,
        };
        copy.Validate();
        return new CopyCommand(_resources, copy).ExecuteAsync(cancellationToken);
    }

    /// <summary>A local file's delete; objects are deleted in batches (<see cref="ObjectBatchDelete"/>).</summary>
    private static Task DeleteAsync(SyncEntry extra)
    {
        File.Delete(extra.Location);
        return Task.CompletedTask;
    }

    private static bool IsCrc(ChecksumAlgorithm? algorithm) =>
        algorithm == ChecksumAlgorithm.CRC32 || algorithm == ChecksumAlgorithm.CRC32C || algorithm == ChecksumAlgorithm.CRC64NVME;
}
