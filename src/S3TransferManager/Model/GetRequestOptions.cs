using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Multipart;

namespace S3TransferManager;

/// <summary>What every GET of a download carries, whether it downloads one object or a directory's objects: the
/// bucket, the ETag conditions, the SSE-C key, the response header overrides, the bucket owner and the payer.</summary>
/// <remarks>Only the library's own requests derive from it: <see cref="DownloadRequestBase"/> and
/// <see cref="TransferUtilityDownloadDirectoryRequest"/>; a directory download passes these to each object's
/// download.</remarks>
public abstract class GetRequestOptions : IRequestOptions
{
    /// <summary>Only for the library's own requests: a request type from elsewhere would have no command to run it.</summary>
    private protected GetRequestOptions()
    {
    }

    /// <summary>The bucket that holds the object (for a directory download, that is listed).</summary>
    public string? BucketName { get; set; }

    /// <summary>
    /// An ETag the object (for a directory download, every object) must still have (If-Match). When set, even the first
    /// GET carries it, so a download never starts on a version other than the one the caller saw; a mismatch throws
    /// <see cref="ObjectModifiedException"/>.
    /// </summary>
    public string? IfMatch { get; set; }

    /// <summary>An ETag the object (for a directory download, any object) must not have (If-None-Match), sent on every
    /// GET. S3 answers a match with 304 Not Modified, which fails that object's download.</summary>
    public string? IfNoneMatch { get; set; }

    /// <summary>The SSE-C algorithm the object was stored with: <see cref="ServerSideEncryptionCustomerMethod.AES256"/>.
    /// Sent with the key on every GET of the download: discovery, every part, and every resume of a broken part.</summary>
    public ServerSideEncryptionCustomerMethod? ServerSideEncryptionCustomerMethod { get; set; }

    /// <summary>The SSE-C key the object was stored with, base64-encoded. Never logged.</summary>
    public string? ServerSideEncryptionCustomerProvidedKey { get; set; }

    /// <summary>The base64 MD5 of the SSE-C key.</summary>
    /// <value><see langword="null"/>: the AWS SDK computes it from the key.</value>
    public string? ServerSideEncryptionCustomerProvidedKeyMD5 { get; set; }

    /// <summary>Headers S3 should answer with instead of the stored ones (response-content-type and the like), on every
    /// GET; the response's <see cref="TransferUtilityGetObjectResponseBase.ContentType"/> shows the override.</summary>
    public ResponseHeaderOverrides? ResponseHeaderOverrides { get; set; }

    /// <summary>The account that must own the bucket (x-amz-expected-bucket-owner), sent on every GET (and on a
    /// directory's listing).</summary>
    public string? ExpectedBucketOwner { get; set; }

    /// <summary>Set to <see cref="RequestPayer.Requester"/> to read from (and list) a requester-pays bucket; sent on every
    /// GET.</summary>
    public RequestPayer? RequestPayer { get; set; }

    /// <summary>Gives <paramref name="target"/> these options: a directory download's onto each object's download.</summary>
    internal void CopyGetOptionsTo(GetRequestOptions target)
    {
        target.BucketName = BucketName;
        target.IfMatch = IfMatch;
        target.IfNoneMatch = IfNoneMatch;
        target.ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod;
        target.ServerSideEncryptionCustomerProvidedKey = ServerSideEncryptionCustomerProvidedKey;
        target.ServerSideEncryptionCustomerProvidedKeyMD5 = ServerSideEncryptionCustomerProvidedKeyMD5;
        target.ResponseHeaderOverrides = ResponseHeaderOverrides;
        target.ExpectedBucketOwner = ExpectedBucketOwner;
        target.RequestPayer = RequestPayer;
    }
}
