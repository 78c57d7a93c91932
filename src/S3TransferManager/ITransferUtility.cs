using Amazon.S3;

namespace S3TransferManager;

/// <summary>
/// The members of <see cref="TransferUtility"/>, as <c>Amazon.S3.Transfer.ITransferUtility</c> declares them: the seam to
/// mock in an application's own tests, and the type to inject, so code written against the AWS SDK's interface compiles
/// after the <c>using</c> swap.
/// </summary>
public interface ITransferUtility : IDisposable
{
    /// <summary>The client every request goes through.</summary>
    IAmazonS3 S3Client { get; }

    /// <inheritdoc cref="TransferUtility.AbortMultipartUploadsAsync(string, DateTime, CancellationToken)"/>
    Task AbortMultipartUploadsAsync(string bucketName, DateTime initiatedDate, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.AbortMultipartUploads(string, DateTime)"/>
    void AbortMultipartUploads(string bucketName, DateTime initiatedDate);

    /// <inheritdoc cref="TransferUtility.CopyAsync(TransferUtilityCopyRequest, CancellationToken)"/>
    Task CopyAsync(TransferUtilityCopyRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.CopyAsync(string, string, string, string, CancellationToken)"/>
    Task CopyAsync(string sourceBucket, string sourceKey, string destinationBucket, string destinationKey, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.CopyWithResponseAsync(TransferUtilityCopyRequest, CancellationToken)"/>
    Task<TransferUtilityCopyResponse> CopyWithResponseAsync(TransferUtilityCopyRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.CopyWithResponseAsync(string, string, string, string, CancellationToken)"/>
    Task<TransferUtilityCopyResponse> CopyWithResponseAsync(string sourceBucket, string sourceKey, string destinationBucket, string destinationKey,
        CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.CopyDirectoryAsync(TransferUtilityCopyDirectoryRequest, CancellationToken)"/>
    Task CopyDirectoryAsync(TransferUtilityCopyDirectoryRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.CopyDirectoryWithResponseAsync(TransferUtilityCopyDirectoryRequest, CancellationToken)"/>
    Task<TransferUtilityCopyDirectoryResponse> CopyDirectoryWithResponseAsync(TransferUtilityCopyDirectoryRequest request,
        CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.CopyDirectoryWithResponseAsync(string, string, string, string, CancellationToken)"/>
    Task<TransferUtilityCopyDirectoryResponse> CopyDirectoryWithResponseAsync(string sourceBucket, string sourcePrefix, string destinationBucket,
        string destinationPrefix, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.DownloadAsync(TransferUtilityDownloadRequest, CancellationToken)"/>
    Task DownloadAsync(TransferUtilityDownloadRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.DownloadAsync(string, string, string, CancellationToken)"/>
    Task DownloadAsync(string filePath, string bucketName, string key, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.Download(TransferUtilityDownloadRequest)"/>
    void Download(TransferUtilityDownloadRequest request);

    /// <inheritdoc cref="TransferUtility.Download(string, string, string)"/>
    void Download(string filePath, string bucketName, string key);

    /// <inheritdoc cref="TransferUtility.DownloadWithResponseAsync(TransferUtilityDownloadRequest, CancellationToken)"/>
    Task<TransferUtilityDownloadResponse> DownloadWithResponseAsync(TransferUtilityDownloadRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.DownloadWithResponseAsync(string, string, string, CancellationToken)"/>
    Task<TransferUtilityDownloadResponse> DownloadWithResponseAsync(string filePath, string bucketName, string key, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.DownloadWithResponse(TransferUtilityDownloadRequest)"/>
    TransferUtilityDownloadResponse DownloadWithResponse(TransferUtilityDownloadRequest request);

    /// <inheritdoc cref="TransferUtility.DownloadWithResponse(string, string, string)"/>
    TransferUtilityDownloadResponse DownloadWithResponse(string filePath, string bucketName, string key);

    /// <inheritdoc cref="TransferUtility.DownloadDirectoryAsync(TransferUtilityDownloadDirectoryRequest, CancellationToken)"/>
    Task DownloadDirectoryAsync(TransferUtilityDownloadDirectoryRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.DownloadDirectoryAsync(string, string, string, CancellationToken)"/>
    Task DownloadDirectoryAsync(string bucketName, string s3Directory, string localDirectory, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.DownloadDirectory(TransferUtilityDownloadDirectoryRequest)"/>
    void DownloadDirectory(TransferUtilityDownloadDirectoryRequest request);

    /// <inheritdoc cref="TransferUtility.DownloadDirectory(string, string, string)"/>
    void DownloadDirectory(string bucketName, string s3Directory, string localDirectory);

    /// <inheritdoc cref="TransferUtility.DownloadDirectoryWithResponseAsync(TransferUtilityDownloadDirectoryRequest, CancellationToken)"/>
    Task<TransferUtilityDownloadDirectoryResponse> DownloadDirectoryWithResponseAsync(TransferUtilityDownloadDirectoryRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.DownloadDirectoryWithResponseAsync(string, string, string, CancellationToken)"/>
    Task<TransferUtilityDownloadDirectoryResponse> DownloadDirectoryWithResponseAsync(string bucketName, string s3Directory, string localDirectory, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.DownloadDirectoryWithResponse(TransferUtilityDownloadDirectoryRequest)"/>
    TransferUtilityDownloadDirectoryResponse DownloadDirectoryWithResponse(TransferUtilityDownloadDirectoryRequest request);

    /// <inheritdoc cref="TransferUtility.DownloadDirectoryWithResponse(string, string, string)"/>
    TransferUtilityDownloadDirectoryResponse DownloadDirectoryWithResponse(string bucketName, string s3Directory, string localDirectory);

    /// <inheritdoc cref="TransferUtility.OpenStreamAsync(TransferUtilityOpenStreamRequest, CancellationToken)"/>
    Task<Stream> OpenStreamAsync(TransferUtilityOpenStreamRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.OpenStreamAsync(string, string, CancellationToken)"/>
    Task<Stream> OpenStreamAsync(string bucketName, string key, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.OpenStream(TransferUtilityOpenStreamRequest)"/>
    Stream OpenStream(TransferUtilityOpenStreamRequest request);

    /// <inheritdoc cref="TransferUtility.OpenStream(string, string)"/>
    Stream OpenStream(string bucketName, string key);

    /// <inheritdoc cref="TransferUtility.OpenStreamWithResponseAsync(TransferUtilityOpenStreamRequest, CancellationToken)"/>
    Task<TransferUtilityOpenStreamResponse> OpenStreamWithResponseAsync(TransferUtilityOpenStreamRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.OpenStreamWithResponseAsync(string, string, CancellationToken)"/>
    Task<TransferUtilityOpenStreamResponse> OpenStreamWithResponseAsync(string bucketName, string key, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.OpenStreamWithResponse(TransferUtilityOpenStreamRequest)"/>
    TransferUtilityOpenStreamResponse OpenStreamWithResponse(TransferUtilityOpenStreamRequest request);

    /// <inheritdoc cref="TransferUtility.OpenStreamWithResponse(string, string)"/>
    TransferUtilityOpenStreamResponse OpenStreamWithResponse(string bucketName, string key);

    /// <inheritdoc cref="TransferUtility.SyncWithResponseAsync(TransferUtilitySyncRequest, CancellationToken)"/>
    Task<TransferUtilitySyncResponse> SyncWithResponseAsync(TransferUtilitySyncRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadAsync(TransferUtilityUploadRequest, CancellationToken)"/>
    Task UploadAsync(TransferUtilityUploadRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadAsync(string, string, CancellationToken)"/>
    Task UploadAsync(string filePath, string bucketName, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadAsync(string, string, string, CancellationToken)"/>
    Task UploadAsync(string filePath, string bucketName, string key, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadAsync(Stream, string, string, CancellationToken)"/>
    Task UploadAsync(Stream stream, string bucketName, string key, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.Upload(TransferUtilityUploadRequest)"/>
    void Upload(TransferUtilityUploadRequest request);

    /// <inheritdoc cref="TransferUtility.Upload(string, string)"/>
    void Upload(string filePath, string bucketName);

    /// <inheritdoc cref="TransferUtility.Upload(string, string, string)"/>
    void Upload(string filePath, string bucketName, string key);

    /// <inheritdoc cref="TransferUtility.Upload(Stream, string, string)"/>
    void Upload(Stream stream, string bucketName, string key);

    /// <inheritdoc cref="TransferUtility.UploadWithResponseAsync(TransferUtilityUploadRequest, CancellationToken)"/>
    Task<TransferUtilityUploadResponse> UploadWithResponseAsync(TransferUtilityUploadRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadWithResponseAsync(string, string, CancellationToken)"/>
    Task<TransferUtilityUploadResponse> UploadWithResponseAsync(string filePath, string bucketName, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadWithResponseAsync(string, string, string, CancellationToken)"/>
    Task<TransferUtilityUploadResponse> UploadWithResponseAsync(string filePath, string bucketName, string key, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadWithResponseAsync(Stream, string, string, CancellationToken)"/>
    Task<TransferUtilityUploadResponse> UploadWithResponseAsync(Stream stream, string bucketName, string key, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadWithResponse(TransferUtilityUploadRequest)"/>
    TransferUtilityUploadResponse UploadWithResponse(TransferUtilityUploadRequest request);

    /// <inheritdoc cref="TransferUtility.UploadWithResponse(string, string)"/>
    TransferUtilityUploadResponse UploadWithResponse(string filePath, string bucketName);

    /// <inheritdoc cref="TransferUtility.UploadWithResponse(string, string, string)"/>
    TransferUtilityUploadResponse UploadWithResponse(string filePath, string bucketName, string key);

    /// <inheritdoc cref="TransferUtility.UploadWithResponse(Stream, string, string)"/>
    TransferUtilityUploadResponse UploadWithResponse(Stream stream, string bucketName, string key);

    /// <inheritdoc cref="TransferUtility.UploadDirectoryAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>
    Task UploadDirectoryAsync(TransferUtilityUploadDirectoryRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadDirectoryAsync(string, string, CancellationToken)"/>
    Task UploadDirectoryAsync(string directory, string bucketName, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadDirectoryAsync(string, string, string, SearchOption, CancellationToken)"/>
    Task UploadDirectoryAsync(string directory, string bucketName, string searchPattern, SearchOption searchOption, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadDirectory(TransferUtilityUploadDirectoryRequest)"/>
    void UploadDirectory(TransferUtilityUploadDirectoryRequest request);

    /// <inheritdoc cref="TransferUtility.UploadDirectory(string, string)"/>
    void UploadDirectory(string directory, string bucketName);

    /// <inheritdoc cref="TransferUtility.UploadDirectory(string, string, string, SearchOption)"/>
    void UploadDirectory(string directory, string bucketName, string searchPattern, SearchOption searchOption);

    /// <inheritdoc cref="TransferUtility.UploadDirectoryWithResponseAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>
    Task<TransferUtilityUploadDirectoryResponse> UploadDirectoryWithResponseAsync(TransferUtilityUploadDirectoryRequest request, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadDirectoryWithResponseAsync(string, string, CancellationToken)"/>
    Task<TransferUtilityUploadDirectoryResponse> UploadDirectoryWithResponseAsync(string directory, string bucketName, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadDirectoryWithResponseAsync(string, string, string, SearchOption, CancellationToken)"/>
    Task<TransferUtilityUploadDirectoryResponse> UploadDirectoryWithResponseAsync(string directory, string bucketName, string searchPattern, SearchOption searchOption, CancellationToken cancellationToken = default);

    /// <inheritdoc cref="TransferUtility.UploadDirectoryWithResponse(TransferUtilityUploadDirectoryRequest)"/>
    TransferUtilityUploadDirectoryResponse UploadDirectoryWithResponse(TransferUtilityUploadDirectoryRequest request);

    /// <inheritdoc cref="TransferUtility.UploadDirectoryWithResponse(string, string)"/>
    TransferUtilityUploadDirectoryResponse UploadDirectoryWithResponse(string directory, string bucketName);

    /// <inheritdoc cref="TransferUtility.UploadDirectoryWithResponse(string, string, string, SearchOption)"/>
    TransferUtilityUploadDirectoryResponse UploadDirectoryWithResponse(string directory, string bucketName, string searchPattern, SearchOption searchOption);
}
