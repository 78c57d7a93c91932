using System.Diagnostics.CodeAnalysis;
using S3TransferManager.Upload;

namespace S3TransferManager;

/// <summary>The short forms of <c>Amazon.S3.Transfer.TransferUtility</c>, so code written for it compiles after the
/// <c>using</c> swap. Each one builds a request and runs the full form.</summary>
public sealed partial class TransferUtility
{
    /// <summary>Uploads a file under its file name; see
    /// <see cref="UploadWithResponseAsync(TransferUtilityUploadRequest, CancellationToken)"/>.</summary>
    /// <param name="filePath">The file to upload.</param>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="cancellationToken">Cancels the upload.</param>
    /// <returns>What S3 answered.</returns>
    public Task<TransferUtilityUploadResponse> UploadWithResponseAsync(string filePath, string bucketName, CancellationToken cancellationToken = default) =>
        UploadWithResponseAsync(filePath, bucketName, Path.GetFileName(filePath), cancellationToken);

    /// <summary>Uploads a file; see <see cref="UploadWithResponseAsync(TransferUtilityUploadRequest, CancellationToken)"/>.</summary>
    /// <param name="filePath">The file to upload.</param>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="key">The key to store it under.</param>
    /// <param name="cancellationToken">Cancels the upload.</param>
    /// <returns>What S3 answered.</returns>
    public Task<TransferUtilityUploadResponse> UploadWithResponseAsync(string filePath, string bucketName, string key,
        CancellationToken cancellationToken = default) =>
        UploadWithResponseAsync(new TransferUtilityUploadRequest { FilePath = filePath, BucketName = bucketName, Key = key }, cancellationToken);

    /// <summary>Uploads a stream from its position to its end; see
    /// <see cref="UploadWithResponseAsync(TransferUtilityUploadRequest, CancellationToken)"/>.</summary>
    /// <param name="stream">The stream to upload; left open.</param>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="key">The key to store it under.</param>
    /// <param name="cancellationToken">Cancels the upload.</param>
    /// <returns>What S3 answered.</returns>
    public Task<TransferUtilityUploadResponse> UploadWithResponseAsync(Stream stream, string bucketName, string key,
        CancellationToken cancellationToken = default) =>
        UploadWithResponseAsync(new TransferUtilityUploadRequest { InputStream = stream, BucketName = bucketName, Key = key }, cancellationToken);

    /// <inheritdoc cref="UploadWithResponseAsync(TransferUtilityUploadRequest, CancellationToken)"/>
    public Task UploadAsync(TransferUtilityUploadRequest request, CancellationToken cancellationToken = default) =>
        UploadWithResponseAsync(request, cancellationToken);

    /// <inheritdoc cref="UploadWithResponseAsync(string, string, CancellationToken)"/>
    public Task UploadAsync(string filePath, string bucketName, CancellationToken cancellationToken = default) =>
        UploadWithResponseAsync(filePath, bucketName, cancellationToken);

    /// <inheritdoc cref="UploadWithResponseAsync(string, string, string, CancellationToken)"/>
    public Task UploadAsync(string filePath, string bucketName, string key, CancellationToken cancellationToken = default) =>
        UploadWithResponseAsync(filePath, bucketName, key, cancellationToken);

    /// <inheritdoc cref="UploadWithResponseAsync(Stream, string, string, CancellationToken)"/>
    public Task UploadAsync(Stream stream, string bucketName, string key, CancellationToken cancellationToken = default) =>
        UploadWithResponseAsync(stream, bucketName, key, cancellationToken);

    /// <inheritdoc cref="DownloadWithResponseAsync(TransferUtilityDownloadRequest, CancellationToken)"/>
    public Task DownloadAsync(TransferUtilityDownloadRequest request, CancellationToken cancellationToken = default) =>
        DownloadWithResponseAsync(request, cancellationToken);

    /// <inheritdoc cref="DownloadWithResponseAsync(string, string, string, CancellationToken)"/>
    public Task DownloadAsync(string filePath, string bucketName, string key, CancellationToken cancellationToken = default) =>
        DownloadWithResponseAsync(filePath, bucketName, key, cancellationToken);

    /// <summary>Opens an object as a stream; see
    /// <see cref="OpenStreamWithResponseAsync(TransferUtilityOpenStreamRequest, CancellationToken)"/>. Disposing the
    /// stream stops the transfer and returns every pooled buffer.</summary>
    /// <param name="request">What to open.</param>
    /// <param name="cancellationToken">Cancels the open, and later the background requests.</param>
    /// <returns>The object's bytes, in order.</returns>
    [SuppressMessage("Reliability", "CA2000", Justification = "The response owns only this stream (no PipeReader was opened): disposing the stream is disposing the response.")]
    public async Task<Stream> OpenStreamAsync(TransferUtilityOpenStreamRequest request, CancellationToken cancellationToken = default) =>
        (await OpenStreamWithResponseAsync(request, cancellationToken).ConfigureAwait(false)).ResponseStream;

    /// <inheritdoc cref="OpenStreamAsync(TransferUtilityOpenStreamRequest, CancellationToken)"/>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="key">The object's key.</param>
    /// <param name="cancellationToken">Cancels the open, and later the background requests.</param>
    public Task<Stream> OpenStreamAsync(string bucketName, string key, CancellationToken cancellationToken = default) =>
        OpenStreamAsync(new TransferUtilityOpenStreamRequest { BucketName = bucketName, Key = key }, cancellationToken);

    /// <summary>Aborts the bucket's multipart uploads initiated before <paramref name="initiatedDate"/>, paging through
    /// ListMultipartUploads.</summary>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="initiatedDate">Uploads started before this time are aborted.</param>
    /// <param name="cancellationToken">Stops the paging; uploads already aborted stay aborted.</param>
    /// <returns>A task that completes when every older upload was aborted.</returns>
    /// <exception cref="ArgumentException">The bucket is missing. Nothing is sent.</exception>
    public Task AbortMultipartUploadsAsync(string bucketName, DateTime initiatedDate, CancellationToken cancellationToken = default) =>
        AbortMultipartUploadsAsync(new TransferUtilityAbortMultipartUploadRequest { BucketName = bucketName, InitiatedDate = initiatedDate },
            cancellationToken);

    /// <inheritdoc cref="AbortMultipartUploadsAsync(string, DateTime, CancellationToken)"/>
    /// <param name="request">The bucket and the cut-off.</param>
    /// <param name="cancellationToken">Stops the paging; uploads already aborted stay aborted.</param>
    public Task AbortMultipartUploadsAsync(TransferUtilityAbortMultipartUploadRequest request, CancellationToken cancellationToken = default) =>
        new AbortMultipartUploadsCommand(_resources, Checked(request, static r => r.Validate())).ExecuteAsync(cancellationToken);
}
