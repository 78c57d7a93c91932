using Amazon.S3;
using Amazon.S3.Model;
using Amazon.S3.Util;
using Amazon.Util;

namespace S3TransferManager.Multipart;

/// <summary>
/// The one place a transfer request's options are copied onto the AWS SDK's requests, for downloads, uploads and
/// copies alike: what S3 stores with the object goes on PutObject, CreateMultipartUpload or CopyObject; the SSE-C key
/// on every request that reads, carries or completes object bytes; the bucket-owner and requester-pays settings on
/// every request. The commands only add what they own (address, body, length, part number, checksums, the source of a
/// copy).
/// </summary>
internal static class RequestOptions
{
    /// <summary>What the AWS SDK's client sends as the type of a PutObject that names none and whose file and key have
    /// no extension (its marshaller's default).</summary>
    public const string SinglePutFallbackContentType = "text/plain";

    // Headers the commands set themselves; a copy from the caller's collection would contradict them.
    private static readonly HashSet<string> s_ownHeaders = new(StringComparer.OrdinalIgnoreCase) { "Content-Length", "Content-MD5", "Content-Type" };

    /// <summary>
    /// The type stored with an uploaded object: the caller's, or, as the AWS SDK's TransferUtility infers it, the one its
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

    /// <summary>A single upload: what it stores, its type, and its conditions (checked when the object is stored).</summary>
    public static void ApplyTo(TransferUtilityUploadRequest source, PutObjectRequest put)
    {
        CopyHeadersAndMetadata(source, put.Headers, put.Metadata);
        if (source.TagSet is { Count: > 0 } tags)
        {
            put.TagSet = [.. tags];
        }

        (put.CannedACL, put.StorageClass, put.WebsiteRedirectLocation) = Placement(source);
        (put.ServerSideEncryptionMethod, put.ServerSideEncryptionKeyManagementServiceKeyId,
            put.ServerSideEncryptionKeyManagementServiceEncryptionContext, put.BucketKeyEnabled) = Encryption(source);
        (put.ObjectLockMode, put.ObjectLockRetainUntilDate, put.ObjectLockLegalHoldStatus) = ObjectLock(source);
        (put.ServerSideEncryptionCustomerMethod, put.ServerSideEncryptionCustomerProvidedKey,
            put.ServerSideEncryptionCustomerProvidedKeyMD5, put.ExpectedBucketOwner, put.RequestPayer) = KeyOwnerAndPayer(source);
        put.ContentType = ContentTypeOf(source, multipart: false);
        SetGrantsAndExpires(source, put, expires => put.Expires = expires);
        (put.IfNoneMatch, put.IfMatch) = (source.IfNoneMatch, source.IfMatch);
    }

    /// <summary>A multipart upload's Create: what it stores and its type.</summary>
    public static void ApplyTo(TransferUtilityUploadRequest source, InitiateMultipartUploadRequest initiate)
    {
        ApplyStored(source, initiate);
        initiate.ContentType = ContentTypeOf(source, multipart: true);
        SetGrantsAndExpires(source, initiate, expires => initiate.Expires = expires);
    }

    /// <summary>A multipart upload's conditional writes, which S3 checks on its Complete, when the object is stored.</summary>
    public static void ApplyConditions(TransferUtilityUploadRequest source, CompleteMultipartUploadRequest complete) =>
        (complete.IfNoneMatch, complete.IfMatch) = (source.IfNoneMatch, source.IfMatch);

    /// <summary>Every GET of a download (discovery, parts, resumes) carries these alike, so an SSE-C object stays
    /// readable on every range.</summary>
    public static void ApplyTo(DownloadRequestBase source, GetObjectRequest get)
    {
        (get.ServerSideEncryptionCustomerMethod, get.ServerSideEncryptionCustomerProvidedKey,
            get.ServerSideEncryptionCustomerProvidedKeyMD5, get.ExpectedBucketOwner, get.RequestPayer) = KeyOwnerAndPayer(source);
        (get.ResponseHeaderOverrides, get.ModifiedSinceDate, get.UnmodifiedSinceDate, get.EtagToNotMatch) =
            (source.ResponseHeaderOverrides, source.ModifiedSinceDate, source.UnmodifiedSinceDate, source.IfNoneMatch);
    }

    /// <summary>What S3 stores with an object, on CreateMultipartUpload (an upload's or a copy's).</summary>
    public static void ApplyStored(IStoredOptions source, InitiateMultipartUploadRequest initiate)
    {
        CopyHeadersAndMetadata(source, initiate.Headers, initiate.Metadata);
        if (source.TagSet is { Count: > 0 } tags)
        {
            initiate.TagSet = [.. tags];
        }

        (initiate.CannedACL, initiate.StorageClass, initiate.WebsiteRedirectLocation) = Placement(source);
        (initiate.ServerSideEncryptionMethod, initiate.ServerSideEncryptionKeyManagementServiceKeyId,
            initiate.ServerSideEncryptionKeyManagementServiceEncryptionContext, initiate.BucketKeyEnabled) = Encryption(source);
        (initiate.ObjectLockMode, initiate.ObjectLockRetainUntilDate, initiate.ObjectLockLegalHoldStatus) = ObjectLock(source);
        (initiate.ServerSideEncryptionCustomerMethod, initiate.ServerSideEncryptionCustomerProvidedKey,
            initiate.ServerSideEncryptionCustomerProvidedKeyMD5, initiate.ExpectedBucketOwner, initiate.RequestPayer) = KeyOwnerAndPayer(source);
    }

    /// <summary>What S3 stores with a copy made by one CopyObject; the source's address and key are the copy's own.</summary>
    public static void ApplyStored(IStoredOptions source, CopyObjectRequest copy)
    {
        CopyHeadersAndMetadata(source, copy.Headers, copy.Metadata);
        if (source.TagSet is { Count: > 0 } tags)
        {
            copy.TagSet = [.. tags];
        }

        (copy.CannedACL, copy.StorageClass, copy.WebsiteRedirectLocation) = Placement(source);
        (copy.ServerSideEncryptionMethod, copy.ServerSideEncryptionKeyManagementServiceKeyId,
            copy.ServerSideEncryptionKeyManagementServiceEncryptionContext, copy.BucketKeyEnabled) = Encryption(source);
        (copy.ObjectLockMode, copy.ObjectLockRetainUntilDate, copy.ObjectLockLegalHoldStatus) = ObjectLock(source);
        (copy.ServerSideEncryptionCustomerMethod, copy.ServerSideEncryptionCustomerProvidedKey,
            copy.ServerSideEncryptionCustomerProvidedKeyMD5, copy.ExpectedBucketOwner, copy.RequestPayer) = KeyOwnerAndPayer(source);
    }

    /// <summary>A part of an upload: S3 refuses a part of an SSE-C upload that does not repeat the key.</summary>
    public static void ApplyTo(IRequestOptions source, UploadPartRequest part) =>
        (part.ServerSideEncryptionCustomerMethod, part.ServerSideEncryptionCustomerProvidedKey,
            part.ServerSideEncryptionCustomerProvidedKeyMD5, part.ExpectedBucketOwner, part.RequestPayer) = KeyOwnerAndPayer(source);

    /// <summary>A part of a copy, as <see cref="ApplyTo(IRequestOptions, UploadPartRequest)"/>; the source's address and
    /// key are the copy's own.</summary>
    public static void ApplyTo(IRequestOptions source, CopyPartRequest part) =>
        (part.ServerSideEncryptionCustomerMethod, part.ServerSideEncryptionCustomerProvidedKey,
            part.ServerSideEncryptionCustomerProvidedKeyMD5, part.ExpectedBucketOwner, part.RequestPayer) = KeyOwnerAndPayer(source);

    /// <summary>A multipart upload's or copy's Complete. The AWS SDK fills in the key's MD5 on PutObject,
    /// CreateMultipartUpload and the parts, but not here.</summary>
    public static void ApplyTo(IRequestOptions source, CompleteMultipartUploadRequest complete) =>
        (complete.SSECustomerAlgorithm, complete.SSECustomerKey, complete.SSECustomerKeyMD5, complete.ExpectedBucketOwner, complete.RequestPayer) =
            (source.ServerSideEncryptionCustomerMethod?.Value, source.ServerSideEncryptionCustomerProvidedKey, KeyMd5(source),
                source.ExpectedBucketOwner, source.RequestPayer);

    /// <summary>A HEAD of the object (a download's look-up of its stored checksum, an upload's check for an upload an
    /// earlier run completed): S3 refuses a HEAD of an SSE-C object without its key.</summary>
    public static void ApplyTo(IRequestOptions source, GetObjectMetadataRequest head) =>
        (head.ServerSideEncryptionCustomerMethod, head.ServerSideEncryptionCustomerProvidedKey,
            head.ServerSideEncryptionCustomerProvidedKeyMD5, head.ExpectedBucketOwner, head.RequestPayer) =
            (source.ServerSideEncryptionCustomerMethod, source.ServerSideEncryptionCustomerProvidedKey, KeyMd5(source),
                source.ExpectedBucketOwner, source.RequestPayer);

    /// <inheritdoc cref="ApplyTo(IRequestOptions, GetObjectMetadataRequest)"/>
    public static void ApplyTo(IRequestOptions source, GetObjectAttributesRequest attributes) =>
        (attributes.SSECustomerAlgorithm, attributes.SSECustomerKey, attributes.SSECustomerKeyMD5, attributes.ExpectedBucketOwner,
            attributes.RequestPayer) = KeyOwnerAndPayer(source);

    public static void ApplyTo(IRequestOptions source, AbortMultipartUploadRequest abort) =>
        (abort.ExpectedBucketOwner, abort.RequestPayer) = (source.ExpectedBucketOwner, source.RequestPayer);

    // The AWS SDK's requests name these alike but share no base type: each request takes them as a group, in this order.
    private static (ServerSideEncryptionCustomerMethod?, string?, string?, string?, RequestPayer?) KeyOwnerAndPayer(IRequestOptions source) =>
        (source.ServerSideEncryptionCustomerMethod, source.ServerSideEncryptionCustomerProvidedKey,
            source.ServerSideEncryptionCustomerProvidedKeyMD5, source.ExpectedBucketOwner, source.RequestPayer);

    private static (S3CannedACL?, S3StorageClass?, string?) Placement(IStoredOptions source) =>
        (source.CannedACL, source.StorageClass, source.WebsiteRedirectLocation);

    private static (ServerSideEncryptionMethod?, string?, string?, bool?) Encryption(IStoredOptions source) =>
        (source.ServerSideEncryptionMethod, source.ServerSideEncryptionKeyManagementServiceKeyId,
            source.ServerSideEncryptionKeyManagementServiceEncryptionContext, source.BucketKeyEnabled);

    private static (ObjectLockMode?, DateTime?, ObjectLockLegalHoldStatus?) ObjectLock(IStoredOptions source) =>
        (source.ObjectLockMode, source.ObjectLockRetainUntilDate, source.ObjectLockLegalHoldStatus);

    private static string? KeyMd5(IRequestOptions source) =>
        SseCustomerKey.Md5(source.ServerSideEncryptionCustomerProvidedKey, source.ServerSideEncryptionCustomerProvidedKeyMD5);

    private static void SetGrantsAndExpires(TransferUtilityUploadRequest source, PutWithACLRequest target, Action<string> setExpires)
    {
        if (source.Grants is { } grants)
        {
            target.Grants = [.. grants];
        }

        if (source.Expires is { } expires)
        {
            setExpires(expires);
        }
    }

    private static void CopyHeadersAndMetadata(IStoredOptions source, HeadersCollection headers, MetadataCollection metadata)
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
