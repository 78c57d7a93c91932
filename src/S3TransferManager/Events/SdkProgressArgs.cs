using System.Runtime.CompilerServices;
using Amazon.S3.Model;
using SdkDownloadRequest = Amazon.S3.Transfer.TransferUtilityDownloadRequest;

namespace S3TransferManager.Events;

/// <summary>
/// Reaches the members of the AWS SDK's progress arguments that AWSSDK.S3 keeps internal, with
/// <see cref="UnsafeAccessorAttribute"/>: a direct call bound when first used, no reflection. They are bound to AWSSDK.S3
/// 4.1.x, the range the package depends on; SdkProgressArgsTests fails if an update renames or reshapes them (the call
/// would throw <see cref="MissingMethodException"/>).
/// </summary>
internal static class SdkProgressArgs
{
    /// <summary>The SDK's arguments for one progress event of a download to a file, with the SDK's view of the
    /// request.</summary>
    public static WriteObjectProgressArgs WriteObject(SdkDownloadRequest request, ProgressStep step)
    {
        WriteObjectProgressArgs args = NewWriteObjectProgressArgs(request.BucketName, request.Key, request.FilePath, request.VersionId,
            step.Increment, step.Transferred, step.Total, step.IsFinal);
        SetRequest(args, request);
        return args;
    }

    /// <summary>Bytes moved since the previous event, which the SDK's type keeps internal.</summary>
    [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "get_IncrementTransferred")]
    public static extern long IncrementTransferred(TransferProgressArgs args);

    [UnsafeAccessor(UnsafeAccessorKind.Constructor)]
    private static extern WriteObjectProgressArgs NewWriteObjectProgressArgs(string? bucketName, string? key, string? filePath,
        string? versionId, long incrementTransferred, long transferred, long total, bool completed);

    [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "set_Request")]
    private static extern void SetRequest(WriteObjectProgressArgs args, SdkDownloadRequest request);
}
