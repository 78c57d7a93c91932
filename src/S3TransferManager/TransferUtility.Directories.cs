using S3TransferManager.Directories;

namespace S3TransferManager;

/// <summary>Directory transfers: many objects at once, every request of every object on the utility's one budget.</summary>
public sealed partial class TransferUtility
{
    /// <summary>
    /// Downloads every object under <see cref="TransferUtilityDownloadDirectoryRequest.S3Directory"/> into
    /// <see cref="TransferUtilityDownloadDirectoryRequest.LocalDirectory"/>. Downloads start while the listing goes on;
    /// all objects share <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/> requests in flight, and a small
    /// object costs one GET. Each file appears only when complete. A key ending in '/' creates a folder; a key that
    /// would land outside the folder fails with <see cref="UnsafeKeyException"/> and nothing is written for it. No
    /// two keys write one file: a key whose path the local file system would take for an earlier key's (names that
    /// differ only by case where case is ignored, a file and a folder of one name) fails with
    /// <see cref="LocalPathConflictException"/>, and nothing is written for it.
    /// </summary>
    /// <param name="request">What to download, and where.</param>
    /// <param name="cancellationToken">Cancels the download; objects in flight stop and leave no temporary file.</param>
    /// <returns>How many objects were downloaded and which failed.</returns>
    /// <exception cref="ArgumentException">The bucket or local folder is missing, or the local folder is a file.
    /// Nothing is sent.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled.</exception>
    /// <remarks>Under <see cref="FailurePolicy.AbortOnFailure"/> the first object's error is thrown after the objects
    /// in flight have been cancelled; under <see cref="FailurePolicy.ContinueOnFailure"/> errors are in the response.
    /// A failed listing is always thrown.</remarks>
    public Task<TransferUtilityDownloadDirectoryResponse> DownloadDirectoryWithResponseAsync(
        TransferUtilityDownloadDirectoryRequest request, CancellationToken cancellationToken = default) =>
        new DownloadDirectoryCommand(_resources, Checked(request, static r => r.Validate())).ExecuteAsync(cancellationToken);

    /// <summary>Downloads every object under a prefix; see
    /// <see cref="DownloadDirectoryWithResponseAsync(TransferUtilityDownloadDirectoryRequest, CancellationToken)"/>.</summary>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="s3Directory">The prefix to download.</param>
    /// <param name="localDirectory">The folder to write under.</param>
    /// <param name="cancellationToken">Cancels the download.</param>
    /// <returns>How many objects were downloaded and which failed.</returns>
    public Task<TransferUtilityDownloadDirectoryResponse> DownloadDirectoryWithResponseAsync(string bucketName,
        string s3Directory, string localDirectory, CancellationToken cancellationToken = default) =>
        DownloadDirectoryWithResponseAsync(new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = bucketName, S3Directory = s3Directory, LocalDirectory = localDirectory,
        }, cancellationToken);

    /// <summary>Downloads every object under a prefix; see
    /// <see cref="DownloadDirectoryWithResponseAsync(TransferUtilityDownloadDirectoryRequest, CancellationToken)"/>.</summary>
    /// <param name="request">What to download, and where.</param>
    /// <param name="cancellationToken">Cancels the download.</param>
    /// <returns>A task that completes when every object is done.</returns>
    public Task DownloadDirectoryAsync(TransferUtilityDownloadDirectoryRequest request,
        CancellationToken cancellationToken = default) => DownloadDirectoryWithResponseAsync(request, cancellationToken);

    /// <summary>Downloads every object under a prefix; see
    /// <see cref="DownloadDirectoryWithResponseAsync(TransferUtilityDownloadDirectoryRequest, CancellationToken)"/>.</summary>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="s3Directory">The prefix to download.</param>
    /// <param name="localDirectory">The folder to write under.</param>
    /// <param name="cancellationToken">Cancels the download.</param>
    /// <returns>A task that completes when every object is done.</returns>
    public Task DownloadDirectoryAsync(string bucketName, string s3Directory, string localDirectory,
        CancellationToken cancellationToken = default) =>
        DownloadDirectoryWithResponseAsync(bucketName, s3Directory, localDirectory, cancellationToken);

    /// <summary>
    /// Uploads the files of <see cref="TransferUtilityUploadDirectoryRequest.Directory"/> that match
    /// <see cref="TransferUtilityUploadDirectoryRequest.SearchPattern"/>, each as the object
    /// <see cref="TransferUtilityUploadDirectoryRequest.KeyPrefix"/> + its relative path with '/'. Files are
    /// enumerated lazily; small ones go as one PutObject, big ones as multipart uploads.
    /// </summary>
    /// <param name="request">What to upload, and where.</param>
    /// <param name="cancellationToken">Cancels the upload; multipart uploads in flight are aborted.</param>
    /// <returns>How many files were uploaded and which failed.</returns>
    /// <exception cref="ArgumentException">The bucket or folder is missing. Nothing is sent.</exception>
    /// <exception cref="DirectoryNotFoundException">The folder does not exist. Nothing is sent.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled.</exception>
    /// <remarks>Under <see cref="FailurePolicy.AbortOnFailure"/> the first file's error is thrown after the files in
    /// flight have been cancelled; under <see cref="FailurePolicy.ContinueOnFailure"/> errors are in the response.</remarks>
    public Task<TransferUtilityUploadDirectoryResponse> UploadDirectoryWithResponseAsync(
        TransferUtilityUploadDirectoryRequest request, CancellationToken cancellationToken = default) =>
        new UploadDirectoryCommand(_resources, Checked(request, static r => r.Validate())).ExecuteAsync(cancellationToken);

    /// <summary>Uploads the top level of a folder; see
    /// <see cref="UploadDirectoryWithResponseAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>.</summary>
    /// <param name="directory">The folder.</param>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="cancellationToken">Cancels the upload.</param>
    /// <returns>How many files were uploaded and which failed.</returns>
    public Task<TransferUtilityUploadDirectoryResponse> UploadDirectoryWithResponseAsync(string directory, string bucketName,
        CancellationToken cancellationToken = default) =>
        UploadDirectoryWithResponseAsync(new TransferUtilityUploadDirectoryRequest { Directory = directory, BucketName = bucketName },
            cancellationToken);

    /// <summary>Uploads the matching files of a folder; see
    /// <see cref="UploadDirectoryWithResponseAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>.</summary>
    /// <param name="directory">The folder.</param>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="searchPattern">Which file names to upload.</param>
    /// <param name="searchOption">Whether sub-folders are uploaded too.</param>
    /// <param name="cancellationToken">Cancels the upload.</param>
    /// <returns>How many files were uploaded and which failed.</returns>
    public Task<TransferUtilityUploadDirectoryResponse> UploadDirectoryWithResponseAsync(string directory, string bucketName,
        string searchPattern, SearchOption searchOption, CancellationToken cancellationToken = default) =>
        UploadDirectoryWithResponseAsync(new TransferUtilityUploadDirectoryRequest
        {
            Directory = directory, BucketName = bucketName, SearchPattern = searchPattern, SearchOption = searchOption,
        }, cancellationToken);

    /// <summary>Uploads a folder; see
    /// <see cref="UploadDirectoryWithResponseAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>.</summary>
    /// <param name="request">What to upload, and where.</param>
    /// <param name="cancellationToken">Cancels the upload.</param>
    /// <returns>A task that completes when every file is done.</returns>
    public Task UploadDirectoryAsync(TransferUtilityUploadDirectoryRequest request, CancellationToken cancellationToken = default) =>
        UploadDirectoryWithResponseAsync(request, cancellationToken);

    /// <summary>Uploads the top level of a folder; see
    /// <see cref="UploadDirectoryWithResponseAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>.</summary>
    /// <param name="directory">The folder.</param>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="cancellationToken">Cancels the upload.</param>
    /// <returns>A task that completes when every file is done.</returns>
    public Task UploadDirectoryAsync(string directory, string bucketName, CancellationToken cancellationToken = default) =>
        UploadDirectoryWithResponseAsync(directory, bucketName, cancellationToken);

    /// <summary>Uploads the matching files of a folder; see
    /// <see cref="UploadDirectoryWithResponseAsync(TransferUtilityUploadDirectoryRequest, CancellationToken)"/>.</summary>
    /// <param name="directory">The folder.</param>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="searchPattern">Which file names to upload.</param>
    /// <param name="searchOption">Whether sub-folders are uploaded too.</param>
    /// <param name="cancellationToken">Cancels the upload.</param>
    /// <returns>A task that completes when every file is done.</returns>
    public Task UploadDirectoryAsync(string directory, string bucketName, string searchPattern, SearchOption searchOption,
        CancellationToken cancellationToken = default) =>
        UploadDirectoryWithResponseAsync(directory, bucketName, searchPattern, searchOption, cancellationToken);
}
