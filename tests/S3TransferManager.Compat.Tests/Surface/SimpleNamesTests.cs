using Amazon;
using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager;

namespace CompatScenarios.Surface;

/// <summary>
/// App code imports the AWS SDK's namespaces beside this library's. This file imports all five and names every public
/// type of the library by its simple name: if one of them clashed with a type of those namespaces (CS0104), the test
/// run would not compile. The progress arguments and <see cref="TooManyPartsException"/> are the SDK's own types.
/// </summary>
public sealed class SimpleNamesTests
{
    private static readonly Type[] Named =
    [
        typeof(BaseUploadRequest), typeof(ChecksumMismatchException), typeof(ChecksumValidationResult),
        typeof(CopyDirectoryCompletedEventArgs), typeof(CopyDirectoryFailedEventArgs), typeof(CopyDirectoryInitiatedEventArgs),
        typeof(CopyDirectoryObjectRequestArgs), typeof(CopyDirectoryProgressArgs), typeof(CopyProgressArgs),
        typeof(DirectoryResult), typeof(DirectoryTransferCompletedEventArgs<,>), typeof(DirectoryTransferFailedEventArgs<>),
        typeof(DirectoryTransferProgressArgs), typeof(DirectoryTransferResponse),
        typeof(DownloadCompletedEventArgs), typeof(DownloadDirectoryCompletedEventArgs),
        typeof(DownloadDirectoryFailedEventArgs), typeof(DownloadDirectoryFileRequestArgs),
        typeof(DownloadDirectoryInitiatedEventArgs), typeof(DownloadDirectoryProgressArgs), typeof(DownloadFailedEventArgs),
        typeof(DownloadInitiatedEventArgs), typeof(DownloadRequestBase), typeof(FailurePolicy), typeof(GetRequestOptions),
        typeof(ITransferUtility),
        typeof(LocalPathConflictException), typeof(MultipartDownloadType), typeof(ObjectCopyFailedEventArgs),
        typeof(ObjectDownloadFailedEventArgs), typeof(ObjectModifiedException), typeof(ObjectTransferFailedEventArgs<,>),
        typeof(ObjectUploadFailedEventArgs),
        typeof(PartDownloadException), typeof(PartLimitExceededException), typeof(RequestStalledException), typeof(ResumableTransfer), typeof(ResumableTransferKind), typeof(SyncAction), typeof(SyncFilterRule),
        typeof(StoredObjectResponse), typeof(SyncObjectEventArgs), typeof(SyncReason), typeof(TransferProgressArgsExtensions), typeof(TransferUtility),
        typeof(TransferUtilityAbortMultipartUploadRequest), typeof(TransferUtilityAbortMultipartUploadsResponse),
        typeof(TransferUtilityConfig), typeof(TransferUtilityCopyDirectoryRequest), typeof(TransferUtilityCopyDirectoryResponse),
        typeof(TransferUtilityCopyRequest), typeof(TransferUtilityCopyResponse), typeof(TransferUtilityDownloadDirectoryRequest),
        typeof(TransferUtilityDownloadDirectoryResponse), typeof(TransferUtilityDownloadRequest),
        typeof(TransferUtilityDownloadResponse), typeof(TransferUtilityGetObjectResponseBase),
        typeof(TransferUtilityOpenStreamRequest), typeof(TransferUtilityOpenStreamResponse), typeof(TransferUtilitySyncRequest),
        typeof(TransferUtilitySyncResponse), typeof(TransferUtilityUploadDirectoryRequest),
        typeof(TransferUtilityUploadDirectoryResponse), typeof(TransferUtilityUploadRequest), typeof(TransferUtilityUploadResponse),
        typeof(UnexpectedResponseException), typeof(UnsafeKeyException), typeof(UploadCompletedEventArgs),
        typeof(UploadDirectoryCompletedEventArgs), typeof(UploadDirectoryFailedEventArgs), typeof(UploadDirectoryFileRequestArgs),
        typeof(UploadDirectoryInitiatedEventArgs), typeof(UploadDirectoryProgressArgs), typeof(UploadFailedEventArgs),
        typeof(UploadInitiatedEventArgs), typeof(UploadProgressArgs),
    ];

    [Fact]
    public void Named_EveryPublicTypeOfTheLibrary_IsInThisFile()
    {
        // Top-level types: an extension block compiles to nested marker types of its class.
        IEnumerable<string> exported = typeof(TransferUtility).Assembly.GetExportedTypes().Where(t => !t.IsNested).Select(t => t.Name).Order(StringComparer.Ordinal);

        Assert.Equal(exported, Named.Select(t => t.Name).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void SdkTypes_UsedAsAppCodeUsesThem_AreTheOnesTheLibraryRaisesAndThrows()
    {
        var download = new TransferUtilityDownloadRequest { BucketName = "b", Key = "k", FilePath = "f" };
        download.WriteObjectProgressEvent += OnWriteObjectProgress;
        var upload = new TransferUtilityUploadRequest { BucketName = "b", Key = "k" };
        upload.UploadProgressEvent += OnUploadProgress;
        IProgress<TransferProgressArgs> recorder = new Progress<TransferProgressArgs>();
        download.ProgressHandler = recorder;
        upload.ProgressHandler = recorder;
        TransferProgressArgs progress = new UploadProgressArgs(5, 10, 20);
        TooManyPartsException tooMany = new PartLimitExceededException("b", "k", 5 * 1024 * 1024);
        AmazonS3Exception s3Error = tooMany;
        AmazonServiceException serviceError = s3Error;
        RegionEndpoint region = RegionEndpoint.USEast1;

        Assert.Equal((5L, 50), (progress.IncrementTransferred, progress.PercentDone));
        Assert.Contains("10,000 parts", serviceError.Message, StringComparison.Ordinal);
        Assert.Equal("us-east-1", region.SystemName);
    }

    private static void OnWriteObjectProgress(object? sender, WriteObjectProgressArgs e) => Assert.True(e.PercentDone >= 0);

    private static void OnUploadProgress(object? sender, UploadProgressArgs e) => Assert.True(e.TransferredBytes >= 0);
}
