using Amazon.S3;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Download;
using S3TransferManager.Upload;

namespace S3TransferManager;

/// <summary>
/// Moves objects between S3 (or any S3-compatible server) and files or streams, with parallel ranged requests and
/// bounded, pooled memory. Names mirror <c>Amazon.S3.Transfer.TransferUtility</c>, so switching is one <c>using</c> line.
/// </summary>
/// <remarks>A utility is safe to share between threads and transfers. It does not own the client it is given.</remarks>
public sealed partial class TransferUtility : ITransferUtility
{
    private readonly TransferResources _resources;
    private volatile bool _disposed;

    // The client the utility made itself (the constructors without one), disposed with it; null for a caller's client.
    private readonly IAmazonS3? _ownedClient;

    /// <summary>Creates a utility over a client the caller owns, with the default settings.</summary>
    /// <param name="s3Client">The client every request goes through; it is not disposed with the utility.</param>
    /// <exception cref="ArgumentNullException"><paramref name="s3Client"/> is null.</exception>
    public TransferUtility(IAmazonS3 s3Client)
        : this(s3Client, config: null, loggerFactory: null)
    {
    }

    /// <summary>Creates a utility over a client the caller owns.</summary>
    /// <param name="s3Client">The client every request goes through; it is not disposed with the utility.</param>
    /// <param name="config">Settings for every transfer; <see langword="null"/> for the defaults.</param>
    /// <exception cref="ArgumentNullException"><paramref name="s3Client"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">A setting in <paramref name="config"/> is out of range.</exception>
    public TransferUtility(IAmazonS3 s3Client, TransferUtilityConfig? config)
        : this(s3Client, config, loggerFactory: null)
    {
    }

    /// <summary>Creates a utility over a client the caller owns.</summary>
    /// <param name="s3Client">The client every request goes through; it is not disposed with the utility.</param>
    /// <param name="config">Settings for every transfer; <see langword="null"/> for the defaults.</param>
    /// <param name="loggerFactory">Where to log; <see langword="null"/> logs nothing.</param>
    /// <exception cref="ArgumentNullException"><paramref name="s3Client"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">A setting in <paramref name="config"/> is out of range.</exception>
    public TransferUtility(IAmazonS3 s3Client, TransferUtilityConfig? config, ILoggerFactory? loggerFactory)
        : this(s3Client, config, loggerFactory, EngineTuning.Default)
    {
    }

    /// <summary>As the public constructor, with the engine's internal knobs and the pool buffers come from (tests and
    /// benchmarks).</summary>
    internal TransferUtility(IAmazonS3 s3Client, TransferUtilityConfig? config, ILoggerFactory? loggerFactory, EngineTuning tuning,
        System.Buffers.ArrayPool<byte>? pool = null)
    {
        ArgumentNullException.ThrowIfNull(s3Client);
        _resources = new TransferResources(s3Client, (config ?? new TransferUtilityConfig()).Validated(),
            (loggerFactory ?? NullLoggerFactory.Instance).CreateLogger("S3TransferManager"), pool, tuning: tuning);
    }

    private TransferUtility(AmazonS3Client ownedClient, TransferUtilityConfig? config, bool owned)
        : this(ownedClient, config, loggerFactory: null)
    {
        _ownedClient = owned ? ownedClient : null;
    }

    /// <summary>The client every request goes through.</summary>
    public IAmazonS3 S3Client => _resources.Client;

    /// <summary>The S3 calls a program on the library sends beside its transfers (s3tm's listings, deletes and bucket
    /// calls), through this utility's request path and budget.</summary>
    internal UtilityCalls OpenCalls() => new(_resources);

    /// <summary>
    /// Uploads <see cref="TransferUtilityUploadRequest.FilePath"/> or <see cref="TransferUtilityUploadRequest.InputStream"/>.
    /// Below <see cref="TransferUtilityConfig.MinSizeBeforePartUpload"/> one PutObject is sent; above it a multipart
    /// upload with up to <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/> parts in flight: a file's parts
    /// are read by offset straight from disk, a stream's are read in order into 64 KiB pooled chunks while earlier parts
    /// upload. A non-seekable stream's length is found by reading ahead up to the threshold.
    /// </summary>
    /// <param name="request">What to upload, and where.</param>
    /// <param name="cancellationToken">Cancels the upload; no new part starts and the multipart upload is aborted.</param>
    /// <returns>The stored object's ETag, version, checksums and part count.</returns>
    /// <exception cref="ArgumentException">The bucket or key is missing or blank, both or neither of FilePath and
    /// InputStream are set, FilePath names a folder, the stream cannot be read or is seekable and left at its end with
    /// <see cref="TransferUtilityUploadRequest.AutoResetStreamPosition"/> turned off, or
    /// <see cref="TransferUtilityUploadRequest.PartSize"/> is out of range. Nothing is sent.</exception>
    /// <exception cref="FileNotFoundException"><see cref="TransferUtilityUploadRequest.FilePath"/> does not exist.
    /// Nothing is sent.</exception>
    /// <exception cref="PartLimitExceededException">A non-seekable stream is longer than 10,000 parts; the upload was
    /// aborted before part 10,001.</exception>
    /// <exception cref="UnexpectedResponseException">CompleteMultipartUpload answered without storing the object (S3's
    /// 200 with an error body); the upload was aborted.</exception>
    /// <exception cref="AmazonS3Exception">S3 refused a request; a multipart upload was aborted.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled; a multipart
    /// upload was aborted.</exception>
    public Task<TransferUtilityUploadResponse> UploadWithResponseAsync(TransferUtilityUploadRequest request,
        CancellationToken cancellationToken = default) =>
        new UploadCommand(_resources, Checked(request, static r => r.Validate())).ExecuteAsync(cancellationToken);

    /// <summary>
    /// Downloads an object to <see cref="TransferUtilityDownloadRequest.FilePath"/> with parallel ranged GETs. The
    /// first GET learns the size and ETag (no HEAD request); later parts carry If-Match, so a changed object fails the
    /// download instead of mixing versions. The file appears only when complete.
    /// </summary>
    /// <param name="request">What to download, and where.</param>
    /// <param name="cancellationToken">Cancels the download; in-flight requests stop and no file is left behind.</param>
    /// <returns>The object's size, ETag and headers.</returns>
    /// <exception cref="ArgumentException">The bucket, key or file path is missing or blank, the path names a folder, or
    /// <see cref="DownloadRequestBase.PartSize"/> is outside 64 KiB..5 GiB. Nothing is sent.</exception>
    /// <exception cref="ObjectModifiedException">The object changed during the download.</exception>
    /// <exception cref="PartDownloadException">A part's body kept breaking off after every allowed resume.</exception>
    /// <exception cref="UnexpectedResponseException">The server answered with bytes other than those asked for.</exception>
    /// <exception cref="AmazonS3Exception">S3 refused a request (missing object, access denied, ...).</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled.</exception>
    public Task<TransferUtilityDownloadResponse> DownloadWithResponseAsync(TransferUtilityDownloadRequest request,
        CancellationToken cancellationToken = default) =>
        new FileDownloadCommand(_resources, Checked(request, static r => r.Validate())).ExecuteAsync(cancellationToken);

    /// <summary>Downloads an object to a file with the default part size; see
    /// <see cref="DownloadWithResponseAsync(TransferUtilityDownloadRequest, CancellationToken)"/>.</summary>
    /// <param name="filePath">The destination file.</param>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="key">The object's key.</param>
    /// <param name="cancellationToken">Cancels the download.</param>
    /// <returns>The object's size, ETag and headers.</returns>
    public Task<TransferUtilityDownloadResponse> DownloadWithResponseAsync(string filePath, string bucketName, string key,
        CancellationToken cancellationToken = default) =>
        DownloadWithResponseAsync(new TransferUtilityDownloadRequest { FilePath = filePath, BucketName = bucketName, Key = key }, cancellationToken);

    /// <summary>
    /// Opens an object as a read-only stream. Parts are fetched in parallel with ranged GETs (the first also learns the
    /// size and ETag; no HEAD request) and read strictly in order. At most
    /// <see cref="TransferUtilityOpenStreamRequest.MaxInMemoryParts"/> x PartSize bytes are fetched ahead of the reader,
    /// buffered in 64 KiB pooled chunks; the part the reader is waiting for is read straight from its HTTP body. Waiting for a
    /// part never blocks a thread on the asynchronous API.
    /// </summary>
    /// <param name="request">What to open.</param>
    /// <param name="cancellationToken">Cancels the open, and later the background requests of the open stream.</param>
    /// <returns>The open object; dispose it to stop the transfer and return every pooled buffer.</returns>
    /// <exception cref="ArgumentException">The bucket or key is missing or blank, or a size is out of range (PartSize
    /// outside 64 KiB..5 GiB). Nothing is sent.</exception>
    /// <exception cref="ObjectModifiedException">The object did not have <see cref="GetRequestOptions.IfMatch"/>.</exception>
    /// <exception cref="AmazonS3Exception">S3 refused the first request (missing object, access denied, ...).</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled.</exception>
    /// <remarks>Reads of the returned stream throw <see cref="PartDownloadException"/> naming the part when a part
    /// fails for good (its <see cref="Exception.InnerException"/> says why: an <see cref="ObjectModifiedException"/>
    /// when the object changed), and every later read throws too.</remarks>
    public Task<TransferUtilityOpenStreamResponse> OpenStreamWithResponseAsync(TransferUtilityOpenStreamRequest request,
        CancellationToken cancellationToken = default) =>
        new OpenStreamCommand(_resources, Checked(request, static r => r.Validate())).ExecuteAsync(cancellationToken);

    /// <summary>Opens an object as a stream with the default settings; see
    /// <see cref="OpenStreamWithResponseAsync(TransferUtilityOpenStreamRequest, CancellationToken)"/>.</summary>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="key">The object's key.</param>
    /// <param name="cancellationToken">Cancels the open, and later the background requests.</param>
    /// <returns>The open object.</returns>
    public Task<TransferUtilityOpenStreamResponse> OpenStreamWithResponseAsync(string bucketName, string key,
        CancellationToken cancellationToken = default) =>
        OpenStreamWithResponseAsync(new TransferUtilityOpenStreamRequest { BucketName = bucketName, Key = key }, cancellationToken);

    /// <summary>The checks every call makes before its command is made: a request, a utility not disposed, and the
    /// request's own, which refuse bad input before anything is sent.</summary>
    private T Checked<T>(T request, Action<T> validate)
        where T : class
    {
        ArgumentNullException.ThrowIfNull(request);
        ObjectDisposedException.ThrowIf(_disposed, this);
        validate(request);
        return request;
    }

    /// <summary>Marks the utility disposed; later calls throw <see cref="ObjectDisposedException"/>. Waits for the cleanup
    /// a cancelled transfer left running (the abort of its multipart upload; at most the failure wait limit, 30 s), so
    /// no upload stays open. A client given to the constructor is not disposed (it belongs to the caller); one the
    /// utility created is.</summary>
    public void Dispose()
    {
        _disposed = true;
        _resources.Cleanups.WhenDoneAsync(_resources.Tuning.FailureWaitLimit, TimeProvider.System)
            .ContinueWith(static _ => { }, TaskScheduler.Default).GetAwaiter().GetResult();
        _resources.Bandwidth?.Dispose();
        _resources.Refusals?.Dispose();
        _ownedClient?.Dispose();
    }
}
