using System.Net;
using Amazon.S3;

namespace S3TransferManager.Requests;

/// <summary>
/// The one place S3's answers become the library's typed errors, in the manner of a throw helper: each method builds
/// the exception a caller throws, so every command reports the same answer the same way.
/// </summary>
internal static class S3Errors
{
    /// <summary>Whether <paramref name="error"/> is S3 refusing the ETag <paramref name="spec"/> is pinned to (412).</summary>
    public static bool RefusedPin(AmazonS3Exception error, in CallSpec spec) =>
        error.StatusCode == HttpStatusCode.PreconditionFailed && spec.PinnedETag is not null;

    /// <summary>The object a pinned call names no longer has its ETag (S3 answered 412).</summary>
    public static ObjectModifiedException RefusedPin(in CallSpec spec, AmazonS3Exception error)
    {
        (string bucket, string key) = spec.PinnedObject ?? (spec.Target.BucketName, spec.Target.Key);
        return new ObjectModifiedException(bucket, key, spec.PinnedETag!, actualETag: null, error);
    }

    /// <summary>An answer came with another ETag than the one the transfer is pinned to (a server that ignores If-Match).</summary>
    public static ObjectModifiedException OtherVersion(string bucket, string key, string expectedETag, string? actualETag) =>
        new(bucket, key, expectedETag, actualETag);

    /// <summary>Every attempt of a call stalled: the call's <see cref="RequestStalledException"/>, or for a GET of a
    /// download's part, the part's failure around it.</summary>
    public static Exception Stalled(in CallSpec spec, RequestStalledException stalled) =>
        spec.Kind == RequestKind.Get && spec.Target.PartNumber is { } part
            ? new PartDownloadException(part,
                $"Part {part} of s3://{spec.Target.BucketName}/{spec.Target.Key}: its GET got no answer in {stalled.Attempts} attempt(s). {stalled.Message}",
                stalled)
            : stalled;

    /// <summary>An answer no S3 gives (a wrong Content-Range, a missing ETag): its bytes cannot be trusted.</summary>
    public static UnexpectedResponseException Unexpected(string bucket, string key, string detail) => new(bucket, key, detail);

    /// <summary>CompleteMultipartUpload answered 200 without an ETag, and one HEAD of the key did not show the object
    /// there to be the upload's: it may have been stored all the same, or not.</summary>
    public static UnexpectedResponseException CompletionUnconfirmed(string bucket, string key, string uploadId, string why) =>
        new(bucket, key, $"CompleteMultipartUpload of upload {uploadId} answered 200 without an ETag, and a HEAD could not confirm the object: "
            + $"{why}. The object may exist under that key; check it before relying on it or uploading again.");
}
