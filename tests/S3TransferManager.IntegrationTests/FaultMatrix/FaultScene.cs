using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>
/// One fault case's world: a bucket on the matrix's moto, a <see cref="FaultInjectingProxy"/> in front of moto that the
/// case's plan drives, the library's resources on a client through that proxy and on a <see cref="CountingArrayPool"/>
/// (downloads opening with a range unless the case opens by part number, <see cref="FaultCase.OpensByPartNumber"/>),
/// a cancellation source the case may trigger at a stage, and the object or file the transfer moves.
/// </summary>
internal sealed class FaultScene : IAsyncDisposable
{
    public const string Key = "object";

    /// <summary>Downloads: 5 parts of 64 KiB (the smallest part size), the last one half full.</summary>
    public const int DownloadPartSize = 64 * 1024;

    public const int DownloadLength = (4 * DownloadPartSize) + (DownloadPartSize / 2);

    public const int DownloadParts = 5;

    /// <summary>Uploads: 2 parts, of 5 MiB (S3's smallest part but the last) and 64 KiB.</summary>
    public const int UploadPartSize = 5 * 1024 * 1024;

    public const int UploadLength = UploadPartSize + (64 * 1024);

    /// <summary>How long one transfer may take in the matrix: far above the slowest case (a 1 s stall, a few SDK
    /// retries), far below a hang.</summary>
    public static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    /// <summary>The stall timeout of the rows about stalls: 1 s (the default is 30 s), so they run in seconds.</summary>
    public static readonly TimeSpan ShortStallTimeout = TimeSpan.FromSeconds(1);

    /// <summary>The stall timeout of every other row: above the SDK's own retry delays (a request's stall clock runs
    /// through them), so that a row about 503s is not decided by how long the SDK chose to back off.</summary>
    public static readonly TimeSpan StallTimeout = TimeSpan.FromSeconds(10);

    private readonly CancellationTokenSource _cancellation = new();
    private PrivateTmpfs? _tmpfs;

    private FaultScene(S3TestContext s3, FaultInjectingProxy proxy, TimeSpan stallTimeout, bool opensByPartNumber)
    {
        S3 = s3;
        Proxy = proxy;
        // Two SDK retries (three tries) keep a fault on every try short; one retry still turns a single 503 into success.
        Client = S3TestContext.CreateClient(proxy.Url, httpClientFactory: null, config => config.MaxErrorRetry = 2);
        var config = new TransferUtilityConfig
        {
            ConcurrentServiceRequests = 4,
            BodyStallTimeout = stallTimeout,
            InterruptedBodyRetryDelay = TimeSpan.FromMilliseconds(1),
            MinSizeBeforePartUpload = UploadPartSize,
        };
        Resources = new TransferResources(Client, config.Validated(), NullLogger.Instance, Pool,
            tuning: new EngineTuning { OpenByPartNumber = opensByPartNumber });
    }

    public S3TestContext S3 { get; }

    public FaultInjectingProxy Proxy { get; }

    /// <summary>The client through the proxy, which the library uses.</summary>
    public AmazonS3Client Client { get; }

    public CountingArrayPool Pool { get; } = new();

    public TransferResources Resources { get; }

    public CancellationToken Token => _cancellation.Token;

    /// <summary>The bytes the transfer must deliver.</summary>
    public byte[] Content { get; private set; } = [];

    /// <summary>A download's destination file; null for the other surfaces.</summary>
    public string? DestinationPath { get; private set; }

    /// <summary>What the destination held before the download; null when it did not exist.</summary>
    public byte[]? Previous { get; private set; }

    /// <summary>An upload's source file; null for the other surfaces.</summary>
    public string? SourcePath { get; private set; }

    /// <summary>Whether the scene is an upload's (so a failure must leave no object).</summary>
    public bool IsUpload { get; private set; }

    /// <summary>A scene for <paramref name="fault"/>: resumes wait 1 ms, uploads go multipart from 5 MiB, and a stall
    /// is declared after <see cref="ShortStallTimeout"/> in the rows about stalls, <see cref="StallTimeout"/> in the others.</summary>
    public static async Task<FaultScene> CreateAsync(MotoServer moto, FaultCase fault)
    {
        S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        return new FaultScene(s3, proxy, fault.ShortStallTimeout ? ShortStallTimeout : StallTimeout, fault.OpensByPartNumber);
    }

    /// <summary>Stores the object to download straight in moto, with its full-object CRC32, so that a download that
    /// validates checksums can check it. CRC32 because moto computes CRC32C and CRC64NVME wrongly (as plain CRC32); the
    /// algorithm is named as well as the value because moto stores a value only when the algorithm header comes with it.</summary>
    public async Task PutObjectAsync()
    {
        Content = TestData.Payload(DownloadLength);
        string crc32 = IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, Content);
        await S3.SetupClient.PutObjectAsync(new PutObjectRequest
        {
            BucketName = S3.BucketName,
            Key = Key,
            InputStream = new MemoryStream(Content, writable: false),
            ContentType = "application/octet-stream",
            ChecksumAlgorithm = ChecksumAlgorithm.CRC32,
            ChecksumCRC32 = crc32,
        });

        // The flipped-byte rows rely on the stored value being there and right.
        GetObjectMetadataResponse head = await S3.SetupClient.GetObjectMetadataAsync(new GetObjectMetadataRequest
        {
            BucketName = S3.BucketName, Key = Key, ChecksumMode = ChecksumMode.ENABLED,
        });
        Assert.Equal(crc32, head.ChecksumCRC32);
    }

    /// <summary>The bytes to upload; from a file in the scratch folder when <paramref name="asFile"/>.</summary>
    public async Task PrepareUploadAsync(bool asFile)
    {
        Content = TestData.Payload(UploadLength, seed: 7);
        IsUpload = true;
        if (asFile)
        {
            SourcePath = S3.PathFor("source.bin");
            await File.WriteAllBytesAsync(SourcePath, Content);
        }
    }

    /// <summary>Sets up where a download to a file writes (see <see cref="FaultMatrix.Destination"/>).</summary>
    public async Task PrepareDestinationAsync(Destination destination)
    {
        string folder = S3.Folder;
        if (destination == Destination.MissingFolder)
        {
            DestinationPath = Path.Combine(folder, "missing", "deeper", "dest.bin");
            return;
        }

        if (destination is Destination.ReadOnlyFolder or Destination.FullDisk)
        {
            string mountPoint = Directory.CreateDirectory(Path.Combine(folder, "mnt")).FullName;
            _tmpfs = await PrivateTmpfs.MountAsync(mountPoint, destination == Destination.FullDisk ? DownloadLength / 2 : 1024 * 1024);
            folder = _tmpfs.Path;
        }

        DestinationPath = Path.Combine(folder, "dest.bin");
        Previous = TestData.Payload(100, seed: 3);
        await File.WriteAllBytesAsync(DestinationPath, Previous);
        if (destination == Destination.ReadOnlyFolder)
        {
            await _tmpfs!.MakeReadOnlyAsync();
        }
    }

    /// <summary>A signal for a fault to complete when the transfer reaches its stage; the transfer is cancelled then.</summary>
    public TaskCompletionSource CancelWhenReached()
    {
        var reached = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        _ = reached.Task.ContinueWith(_ => _cancellation.Cancel(), CancellationToken.None, TaskContinuationOptions.None, TaskScheduler.Default);
        return reached;
    }

    /// <summary>Writes other bytes under the key, straight to moto (a hook for <see cref="ProxyFault.RunBefore"/>).</summary>
    public async Task OverwriteAsync() => await S3.PutAsync(Key, TestData.Payload(DownloadLength, seed: 99));

    /// <summary>Deletes the object, straight in moto (a hook for <see cref="ProxyFault.RunBefore"/>).</summary>
    public async Task DeleteAsync() => await S3.SetupClient.DeleteObjectAsync(S3.BucketName, Key);

    /// <summary>The object as moto stored it (read straight from moto).</summary>
    public async Task<byte[]> ReadStoredAsync()
    {
        using GetObjectResponse stored = await S3.SetupClient.GetObjectAsync(S3.BucketName, Key);
        using var copy = new MemoryStream();
        await stored.ResponseStream.CopyToAsync(copy);
        return copy.ToArray();
    }

    /// <summary>Every file in the scratch folder and the destination's folder: the only ones allowed are the upload's
    /// source and the download's destination.</summary>
    public IEnumerable<string> Files()
    {
        IEnumerable<string> files = Directory.GetFiles(S3.Folder, "*", SearchOption.AllDirectories);
        string? destinationFolder = DestinationPath is null ? null : Path.GetDirectoryName(DestinationPath);
        if (destinationFolder is not null && Directory.Exists(destinationFolder) && !destinationFolder.StartsWith(S3.Folder, StringComparison.Ordinal))
        {
            files = files.Concat(Directory.GetFiles(destinationFolder));
        }

        return files.Order(StringComparer.Ordinal);
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await Proxy.DisposeAsync();
        if (_tmpfs is not null)
        {
            await _tmpfs.DisposeAsync();
        }

        await S3.DisposeAsync();
        _cancellation.Dispose();
    }
}
