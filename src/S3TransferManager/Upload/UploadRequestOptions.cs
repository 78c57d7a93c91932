using Amazon.S3.Model;
using Amazon.S3.Util;
using Amazon.Util;

namespace S3TransferManager.Upload;

/// <summary>
/// The one place an upload request's options are copied onto the AWS SDK's requests: what S3 stores with the object
/// goes on PutObject or CreateMultipartUpload; the SSE-C key on every request that carries or completes object bytes;
/// the bucket-owner and requester-pays settings on every request. The commands only add what they own (body, length,
/// part number, checksums, payload signing).
/// </summary>
internal static class UploadRequestOptions
{
    /// <summary>What the AWS SDK's client sends as the type of a PutObject that names none and whose file and key have
    /// no extension (its marshaller's default).</summary>
    public const string SinglePutFallbackContentType = "text/plain";

    // Headers the commands set themselves; a copy from the caller's collection would contradict them.
    private static readonly HashSet<string> s_ownHeaders = new(StringComparer.OrdinalIgnoreCase) { "Content-Length", "Content-MD5", "Content-Type" };

    /// <summary>
    /// The type stored with the object: the caller's, or, as the AWS SDK's TransferUtility infers it, the one its
    /// <see cref="AmazonS3Util.MimeTypeFromExtension"/> table gives the file's extension, else the key's
    /// (<c>.css</c>: text/css; an extension it does not know: application/octet-stream). With no extension at all, a
    /// single PutObject gets text/plain and a multipart upload application/octet-stream, as on the SDK. Never empty:
    /// some servers store a PUT with no type (sent as a form post) empty.
    /// </summary>
    public static string ContentTypeOf(TransferUtilityUploadRequest request, bool multipart)
    {
        if (!string.IsNullOrEmpty(request.ContentType))
        {
            return request.ContentType;
        }

        if (!string.IsNullOrEmpty(request.Headers.ContentType))
        {
            return request.Headers.ContentType;
        }

        string? extension = AWSSDKUtils.GetExtension(request.FilePath);
        if (string.IsNullOrEmpty(extension))
        {
            extension = AWSSDKUtils.GetExtension(request.Key);
        }

        return string.IsNullOrEmpty(extension) && !multipart
            ? SinglePutFallbackContentType
            : AmazonS3Util.MimeTypeFromExtension(extension ?? string.Empty);
    }

    public static void ApplyTo(TransferUtilityUploadRequest source, PutObjectRequest put)
    {
        put.ContentType = ContentTypeOf(source, multipart: false);
        CopyHeadersAndMetadata(source, put.Headers, put.Metadata);
        if (source.Expires is not null)
        {
            put.Expires = source.Expires;
        }

        if (source.Grants is { } grants)
        {
            put.Grants = [.. grants];
        }

        if (source.TagSet is { } tags)
        {
            put.TagSet = [.. tags];
        }

        put.CannedACL = source.CannedACL;
        put.StorageClass = source.StorageClass;
        put.ServerSideEncryptionMethod = source.ServerSideEncryptionMethod;
        put.ServerSideEncryptionKeyManagementServiceKeyId = source.ServerSideEncryptionKeyManagementServiceKeyId;
        put.ServerSideEncryptionKeyManagementServiceEncryptionContext = source.SSEKMSEncryptionContext;
        put.BucketKeyEnabled = source.BucketKeyEnabled;
        put.ServerSideEncryptionCustomerMethod = source.ServerSideEncryptionCustomerMethod;
        put.ServerSideEncryptionCustomerProvidedKey = source.ServerSideEncryptionCustomerProvidedKey;
        put.ServerSideEncryptionCustomerProvidedKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        put.ObjectLockMode = source.ObjectLockMode;
        put.ObjectLockRetainUntilDate = source.ObjectLockRetainUntilDate;
        put.ObjectLockLegalHoldStatus = source.ObjectLockLegalHoldStatus;
        put.WebsiteRedirectLocation = source.WebsiteRedirectLocation;
        put.ExpectedBucketOwner = source.ExpectedBucketOwner;
        put.RequestPayer = source.RequestPayer;
        put.IfNoneMatch = source.IfNoneMatch;
        put.IfMatch = source.IfMatch;
    }

    public static void ApplyTo(TransferUtilityUploadRequest source, InitiateMultipartUploadRequest initiate)
    {
        initiate.ContentType = ContentTypeOf(source, multipart: true);
        CopyHeadersAndMetadata(source, initiate.Headers, initiate.Metadata);
        if (source.Expires is not null)
        {
            initiate.Expires = source.Expires;
        }

        if (source.Grants is { } grants)
        {
            initiate.Grants = [.. grants];
        }

        if (source.TagSet is { } tags)
        {
            initiate.TagSet = [.. tags];
        }

        initiate.CannedACL = source.CannedACL;
        initiate.StorageClass = source.StorageClass;
        initiate.ServerSideEncryptionMethod = source.ServerSideEncryptionMethod;
        initiate.ServerSideEncryptionKeyManagementServiceKeyId = source.ServerSideEncryptionKeyManagementServiceKeyId;
        initiate.ServerSideEncryptionKeyManagementServiceEncryptionContext = source.SSEKMSEncryptionContext;
        initiate.BucketKeyEnabled = source.BucketKeyEnabled;
        initiate.ServerSideEncryptionCustomerMethod = source.ServerSideEncryptionCustomerMethod;
        initiate.ServerSideEncryptionCustomerProvidedKey = source.ServerSideEncryptionCustomerProvidedKey;
        initiate.ServerSideEncryptionCustomerProvidedKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        initiate.ObjectLockMode = source.ObjectLockMode;
        initiate.ObjectLockRetainUntilDate = source.ObjectLockRetainUntilDate;
        initiate.ObjectLockLegalHoldStatus = source.ObjectLockLegalHoldStatus;
        initiate.WebsiteRedirectLocation = source.WebsiteRedirectLocation;
        initiate.ExpectedBucketOwner = source.ExpectedBucketOwner;
        initiate.RequestPayer = source.RequestPayer;
    }

    public static void ApplyTo(TransferUtilityUploadRequest source, UploadPartRequest part)
    {
        // S3 refuses a part of an SSE-C upload that does not repeat the key.
        part.ServerSideEncryptionCustomerMethod = source.ServerSideEncryptionCustomerMethod;
        part.ServerSideEncryptionCustomerProvidedKey = source.ServerSideEncryptionCustomerProvidedKey;
        part.ServerSideEncryptionCustomerProvidedKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        part.ExpectedBucketOwner = source.ExpectedBucketOwner;
        part.RequestPayer = source.RequestPayer;
    }

    public static void ApplyTo(TransferUtilityUploadRequest source, CompleteMultipartUploadRequest complete)
    {
        complete.SSECustomerAlgorithm = source.ServerSideEncryptionCustomerMethod?.Value;
        complete.SSECustomerKey = source.ServerSideEncryptionCustomerProvidedKey;
        // The SDK fills in the key's MD5 on PutObject, CreateMultipartUpload and UploadPart, but not here.
        complete.SSECustomerKeyMD5 = SseCustomerKey.Md5(source.ServerSideEncryptionCustomerProvidedKey, source.ServerSideEncryptionCustomerProvidedKeyMD5);
        complete.ExpectedBucketOwner = source.ExpectedBucketOwner;
        complete.RequestPayer = source.RequestPayer;

        // Conditional writes of a multipart upload are checked when the object is stored, on Complete.
        complete.IfNoneMatch = source.IfNoneMatch;
        complete.IfMatch = source.IfMatch;
    }

    /// <summary>A HEAD of the object the upload stored (to recognise an upload an earlier run completed): the SSE-C key
    /// it was stored with, the bucket owner and requester-pays settings.</summary>
    public static void ApplyTo(TransferUtilityUploadRequest source, GetObjectMetadataRequest head) =>
        SseCustomerKey.ApplyTo(head, source.ServerSideEncryptionCustomerMethod, source.ServerSideEncryptionCustomerProvidedKey,
            source.ServerSideEncryptionCustomerProvidedKeyMD5, source.ExpectedBucketOwner, source.RequestPayer);

    public static void ApplyTo(TransferUtilityUploadRequest source, AbortMultipartUploadRequest abort)
    {
        abort.ExpectedBucketOwner = source.ExpectedBucketOwner;
        abort.RequestPayer = source.RequestPayer;
    }

    private static void CopyHeadersAndMetadata(TransferUtilityUploadRequest source, HeadersCollection headers, MetadataCollection metadata)
    {
        foreach (string name in source.Headers.Keys)
        {
            if (!s_ownHeaders.Contains(name))
            {
                headers[name] = source.Headers[name];
            }
        }

        foreach (KeyValuePair<string, string> entry in source.Metadata)
        {
            metadata.Add(entry.Key, entry.Value);
        }
    }
}
