using System.Diagnostics.CodeAnalysis;

namespace S3TransferManager;

/// <summary>The synchronous members of <c>Amazon.S3.Transfer.TransferUtility</c>. Each one blocks the calling thread until
/// its asynchronous counterpart finishes, which runs on the thread pool (so a caller's single-threaded
/// SynchronizationContext cannot deadlock it); the transfer itself is the same. Prefer the asynchronous members: a
/// blocked thread is a thread the pool cannot use.</summary>
public sealed partial class TransferUtility
{
    /// <inheritdoc cref="AbortMultipartUploadsAsync(string, DateTime, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="AbortMultipartUploadsAsync(string, DateTime, CancellationToken)"/>.</remarks>
    public void AbortMultipartUploads(string bucketName, DateTime initiatedDate) =>
        SyncBridge.Run(() => AbortMultipartUploadsAsync(bucketName, initiatedDate, CancellationToken.None));

    /// <inheritdoc cref="AbortMultipartUploadsAsync(TransferUtilityAbortMultipartUploadRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="AbortMultipartUploadsAsync(TransferUtilityAbortMultipartUploadRequest, CancellationToken)"/>.</remarks>
    public void AbortMultipartUploads(TransferUtilityAbortMultipartUploadRequest request) =>
        SyncBridge.Run(() => AbortMultipartUploadsAsync(request, CancellationToken.None));

    /// <inheritdoc cref="DownloadAsync(TransferUtilityDownloadRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="DownloadAsync(TransferUtilityDownloadRequest, CancellationToken)"/>.</remarks>
    public void Download(TransferUtilityDownloadRequest request) =>
        SyncBridge.Run(() => DownloadAsync(request, CancellationToken.None));

    /// <inheritdoc cref="DownloadAsync(string, string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="DownloadAsync(string, string, string, CancellationToken)"/>.</remarks>
    public void Download(string filePath, string bucketName, string key) =>
        SyncBridge.Run(() => DownloadAsync(filePath, bucketName, key, CancellationToken.None));

    /// <inheritdoc cref="DownloadWithResponseAsync(TransferUtilityDownloadRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="DownloadWithResponseAsync(TransferUtilityDownloadRequest, CancellationToken)"/>.</remarks>
    public TransferUtilityDownloadResponse DownloadWithResponse(TransferUtilityDownloadRequest request) =>
        SyncBridge.Run(() => DownloadWithResponseAsync(request, CancellationToken.None));

    /// <inheritdoc cref="DownloadWithResponseAsync(string, string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="DownloadWithResponseAsync(string, string, string, CancellationToken)"/>.</remarks>
    public TransferUtilityDownloadResponse DownloadWithResponse(string filePath, string bucketName, string key) =>
        SyncBridge.Run(() => DownloadWithResponseAsync(filePath, bucketName, key, CancellationToken.None));

    /// <inheritdoc cref="DownloadDirectoryAsync(TransferUtilityDownloadDirectoryRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="DownloadDirectoryAsync(TransferUtilityDownloadDirectoryRequest, CancellationToken)"/>.</remarks>
    public void DownloadDirectory(TransferUtilityDownloadDirectoryRequest request) =>
        SyncBridge.Run(() => DownloadDirectoryAsync(request, CancellationToken.None));

    /// <inheritdoc cref="DownloadDirectoryAsync(string, string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="DownloadDirectoryAsync(string, string, string, CancellationToken)"/>.</remarks>
    public void DownloadDirectory(string bucketName, string s3Directory, string localDirectory) =>
        SyncBridge.Run(() => DownloadDirectoryAsync(bucketName, s3Directory, localDirectory, CancellationToken.None));

    /// <inheritdoc cref="DownloadDirectoryWithResponseAsync(TransferUtilityDownloadDirectoryRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="DownloadDirectoryWithResponseAsync(TransferUtilityDownloadDirectoryRequest, CancellationToken)"/>.</remarks>
    public TransferUtilityDownloadDirectoryResponse DownloadDirectoryWithResponse(TransferUtilityDownloadDirectoryRequest request) =>
        SyncBridge.Run(() => DownloadDirectoryWithResponseAsync(request, CancellationToken.None));

    /// <inheritdoc cref="DownloadDirectoryWithResponseAsync(string, string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="DownloadDirectoryWithResponseAsync(string, string, string, CancellationToken)"/>.</remarks>
    public TransferUtilityDownloadDirectoryResponse DownloadDirectoryWithResponse(string bucketName, string s3Directory, string localDirectory) =>
        SyncBridge.Run(() => DownloadDirectoryWithResponseAsync(bucketName, s3Directory, localDirectory, CancellationToken.None));

    /// <inheritdoc cref="OpenStreamAsync(TransferUtilityOpenStreamRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="OpenStreamAsync(TransferUtilityOpenStreamRequest, CancellationToken)"/>.</remarks>
    [SuppressMessage("Reliability", "CA2000", Justification = "The stream is the caller's to dispose.")]
    public Stream OpenStream(TransferUtilityOpenStreamRequest request) =>
        SyncBridge.Run(() => OpenStreamAsync(request, CancellationToken.None));

    /// <inheritdoc cref="OpenStreamAsync(string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="OpenStreamAsync(string, string, CancellationToken)"/>.</remarks>
    [SuppressMessage("Reliability", "CA2000", Justification = "The stream is the caller's to dispose.")]
    public Stream OpenStream(string bucketName, string key) =>
        SyncBridge.Run(() => OpenStreamAsync(bucketName, key, CancellationToken.None));

    /// <inheritdoc cref="OpenStreamWithResponseAsync(TransferUtilityOpenStreamRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="OpenStreamWithResponseAsync(TransferUtilityOpenStreamRequest, CancellationToken)"/>.</remarks>
    public TransferUtilityOpenStreamResponse OpenStreamWithResponse(TransferUtilityOpenStreamRequest request) =>
        SyncBridge.Run(() => OpenStreamWithResponseAsync(request, CancellationToken.None));

    /// <inheritdoc cref="OpenStreamWithResponseAsync(string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="OpenStreamWithResponseAsync(string, string, CancellationToken)"/>.</remarks>
    public TransferUtilityOpenStreamResponse OpenStreamWithResponse(string bucketName, string key) =>
        SyncBridge.Run(() => OpenStreamWithResponseAsync(bucketName, key, CancellationToken.None));

    /// <inheritdoc cref="UploadAsync(TransferUtilityUploadRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadAsync(TransferUtilityUploadRequest, CancellationToken)"/>.</remarks>
    public void Upload(TransferUtilityUploadRequest request) =>
        SyncBridge.Run(() => UploadAsync(request, CancellationToken.None));

    /// <inheritdoc cref="UploadAsync(string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadAsync(string, string, CancellationToken)"/>.</remarks>
    public void Upload(string filePath, string bucketName) =>
        SyncBridge.Run(() => UploadAsync(filePath, bucketName, CancellationToken.None));

    /// <inheritdoc cref="UploadAsync(string, string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadAsync(string, string, string, CancellationToken)"/>.</remarks>
    public void Upload(string filePath, string bucketName, string key) =>
        SyncBridge.Run(() => UploadAsync(filePath, bucketName, key, CancellationToken.None));

    /// <inheritdoc cref="UploadAsync(Stream, string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadAsync(Stream, string, string, CancellationToken)"/>.</remarks>
    public void Upload(Stream stream, string bucketName, string key) =>
        SyncBridge.Run(() => UploadAsync(stream, bucketName, key, CancellationToken.None));

    /// <inheritdoc cref="UploadWithResponseAsync(TransferUtilityUploadRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadWithResponseAsync(TransferUtilityUploadRequest, CancellationToken)"/>.</remarks>
    public TransferUtilityUploadResponse UploadWithResponse(TransferUtilityUploadRequest request) =>
        SyncBridge.Run(() => UploadWithResponseAsync(request, CancellationToken.None));

    /// <inheritdoc cref="UploadWithResponseAsync(string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadWithResponseAsync(string, string, CancellationToken)"/>.</remarks>
    public TransferUtilityUploadResponse UploadWithResponse(string filePath, string bucketName) =>
        SyncBridge.Run(() => UploadWithResponseAsync(filePath, bucketName, CancellationToken.None));

    /// <inheritdoc cref="UploadWithResponseAsync(string, string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadWithResponseAsync(string, string, string, CancellationToken)"/>.</remarks>
    public TransferUtilityUploadResponse UploadWithResponse(string filePath, string bucketName, string key) =>
        SyncBridge.Run(() => UploadWithResponseAsync(filePath, bucketName, key, CancellationToken.None));

    /// <inheritdoc cref="UploadWithResponseAsync(Stream, string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadWithResponseAsync(Stream, string, string, CancellationToken)"/>.</remarks>
    public TransferUtilityUploadResponse UploadWithResponse(Stream stream, string bucketName, string key) =>
        SyncBridge.Run(() => UploadWithResponseAsync(stream, bucketName, key, CancellationToken.None));

    /// <inheritdoc cref="UploadDirectoryAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadDirectoryAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>.</remarks>
    public void UploadDirectory(TransferUtilityUploadDirectoryRequest request) =>
        SyncBridge.Run(() => UploadDirectoryAsync(request, CancellationToken.None));

    /// <inheritdoc cref="UploadDirectoryAsync(string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadDirectoryAsync(string, string, CancellationToken)"/>.</remarks>
    public void UploadDirectory(string directory, string bucketName) =>
        SyncBridge.Run(() => UploadDirectoryAsync(directory, bucketName, CancellationToken.None));

    /// <inheritdoc cref="UploadDirectoryAsync(string, string, string, SearchOption, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadDirectoryAsync(string, string, string, SearchOption, CancellationToken)"/>.</remarks>
    public void UploadDirectory(string directory, string bucketName, string searchPattern, SearchOption searchOption) =>
        SyncBridge.Run(() => UploadDirectoryAsync(directory, bucketName, searchPattern, searchOption, CancellationToken.None));

    /// <inheritdoc cref="UploadDirectoryWithResponseAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadDirectoryWithResponseAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>.</remarks>
    public TransferUtilityUploadDirectoryResponse UploadDirectoryWithResponse(TransferUtilityUploadDirectoryRequest request) =>
        SyncBridge.Run(() => UploadDirectoryWithResponseAsync(request, CancellationToken.None));

    /// <inheritdoc cref="UploadDirectoryWithResponseAsync(string, string, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadDirectoryWithResponseAsync(string, string, CancellationToken)"/>.</remarks>
    public TransferUtilityUploadDirectoryResponse UploadDirectoryWithResponse(string directory, string bucketName) =>
        SyncBridge.Run(() => UploadDirectoryWithResponseAsync(directory, bucketName, CancellationToken.None));

    /// <inheritdoc cref="UploadDirectoryWithResponseAsync(string, string, string, SearchOption, CancellationToken)"/>
    /// <remarks>Blocks until the transfer ends; see <see cref="UploadDirectoryWithResponseAsync(string, string, string, SearchOption, CancellationToken)"/>.</remarks>
    public TransferUtilityUploadDirectoryResponse UploadDirectoryWithResponse(string directory, string bucketName, string searchPattern, SearchOption searchOption) =>
        SyncBridge.Run(() => UploadDirectoryWithResponseAsync(directory, bucketName, searchPattern, searchOption, CancellationToken.None));
}
