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
        ApplyStored(source, put);
        put.ContentType = ContentTypeOf(source, multipart: false);
        if (source.Grants is { } grants)
        {
            put.Grants = [.. grants];
        }

        if (source.Expires is not null)
        {
            put.Expires = source.Expires;
        }

        put.IfNoneMatch = source.IfNoneMatch;
        put.IfMatch = source.IfMatch;
    }

    /// <summary>A multipart upload's Create: what it stores and its type.</summary>
    public static void ApplyTo(TransferUtilityUploadRequest source, InitiateMultipartUploadRequest initiate)
    {
        ApplyStored(source, initiate);
        initiate.ContentType = ContentTypeOf(source, multipart: true);
        if (source.Grants is { } grants)
        {
            initiate.Grants = [.. grants];
        }

        if (source.Expires is not null)
        {
            initiate.Expires = source.Expires;
        }
    }

    /// <summary>A multipart upload's Complete; conditional writes of a multipart upload are checked here, when the
    /// object is stored.</summary>
    public static void ApplyTo(TransferUtilityUploadRequest source, CompleteMultipartUploadRequest complete)
    {
        ApplyTo((IRequestOptions)source, complete);
        complete.IfNoneMatch = source.IfNoneMatch;
        complete.IfMatch = source.IfMatch;
    }

    /// <summary>Every GET of a download (discovery, parts, resumes) carries these alike, so an SSE-C object stays
    /// readable on every range.</summary>
    public static void ApplyTo(DownloadRequestBase source, GetObjectRequest get)
    {
        get.ServerSideEncryptionCustomerMethod = source.ServerSideEncryptionCustomerMethod;
        get.ServerSideEncryptionCustomerProvidedKey = source.ServerSideEncryptionCustomerProvidedKey;
        get.ServerSideEncryptionCustomerProvidedKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        get.ExpectedBucketOwner = source.ExpectedBucketOwner;
        get.RequestPayer = source.RequestPayer;
        get.ResponseHeaderOverrides = source.ResponseHeaderOverrides;
        get.ModifiedSinceDate = source.ModifiedSinceDate;
        get.UnmodifiedSinceDate = source.UnmodifiedSinceDate;
        get.EtagToNotMatch = source.IfNoneMatch;
    }

    /// <summary>What S3 stores with an object, on PutObject.</summary>
    public static void ApplyStored(IStoredOptions source, PutObjectRequest put)
    {
        CopyHeadersAndMetadata(source, put.Headers, put.Metadata);
        if (source.TagSet is { Count: > 0 } tags)
        {
            put.TagSet = [.. tags];
        }

        put.CannedACL = source.CannedACL;
        put.StorageClass = source.StorageClass;
        put.ServerSideEncryptionMethod = source.ServerSideEncryptionMethod;
        put.ServerSideEncryptionKeyManagementServiceKeyId = source.ServerSideEncryptionKeyManagementServiceKeyId;
        put.ServerSideEncryptionKeyManagementServiceEncryptionContext = source.ServerSideEncryptionKeyManagementServiceEncryptionContext;
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
    }

    /// <summary>What S3 stores with an object, on CreateMultipartUpload (an upload's or a copy's).</summary>
    public static void ApplyStored(IStoredOptions source, InitiateMultipartUploadRequest initiate)
    {
        CopyHeadersAndMetadata(source, initiate.Headers, initiate.Metadata);
        if (source.TagSet is { Count: > 0 } tags)
        {
            initiate.TagSet = [.. tags];
        }

        initiate.CannedACL = source.CannedACL;
        initiate.StorageClass = source.StorageClass;
        initiate.ServerSideEncryptionMethod = source.ServerSideEncryptionMethod;
        initiate.ServerSideEncryptionKeyManagementServiceKeyId = source.ServerSideEncryptionKeyManagementServiceKeyId;
        initiate.ServerSideEncryptionKeyManagementServiceEncryptionContext = source.ServerSideEncryptionKeyManagementServiceEncryptionContext;
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

    /// <summary>What S3 stores with a copy made by one CopyObject; the source's address and key are the copy's own.</summary>
    public static void ApplyStored(IStoredOptions source, CopyObjectRequest copy)
    {
        CopyHeadersAndMetadata(source, copy.Headers, copy.Metadata);
        if (source.TagSet is { Count: > 0 } tags)
        {
            copy.TagSet = [.. tags];
        }

        copy.CannedACL = source.CannedACL;
        copy.StorageClass = source.StorageClass;
        copy.ServerSideEncryptionMethod = source.ServerSideEncryptionMethod;
        copy.ServerSideEncryptionKeyManagementServiceKeyId = source.ServerSideEncryptionKeyManagementServiceKeyId;
        copy.ServerSideEncryptionKeyManagementServiceEncryptionContext = source.ServerSideEncryptionKeyManagementServiceEncryptionContext;
        copy.BucketKeyEnabled = source.BucketKeyEnabled;
        copy.ServerSideEncryptionCustomerMethod = source.ServerSideEncryptionCustomerMethod;
        copy.ServerSideEncryptionCustomerProvidedKey = source.ServerSideEncryptionCustomerProvidedKey;
        copy.ServerSideEncryptionCustomerProvidedKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        copy.ObjectLockMode = source.ObjectLockMode;
        copy.ObjectLockRetainUntilDate = source.ObjectLockRetainUntilDate;
        copy.ObjectLockLegalHoldStatus = source.ObjectLockLegalHoldStatus;
        copy.WebsiteRedirectLocation = source.WebsiteRedirectLocation;
        copy.ExpectedBucketOwner = source.ExpectedBucketOwner;
        copy.RequestPayer = source.RequestPayer;
    }

    /// <summary>A part of an upload: S3 refuses a part of an SSE-C upload that does not repeat the key.</summary>
    public static void ApplyTo(IRequestOptions source, UploadPartRequest part)
    {
        part.ServerSideEncryptionCustomerMethod = source.ServerSideEncryptionCustomerMethod;
        part.ServerSideEncryptionCustomerProvidedKey = source.ServerSideEncryptionCustomerProvidedKey;
        part.ServerSideEncryptionCustomerProvidedKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        part.ExpectedBucketOwner = source.ExpectedBucketOwner;
        part.RequestPayer = source.RequestPayer;
    }

    /// <summary>A part of a copy, as <see cref="ApplyTo(IRequestOptions, UploadPartRequest)"/>; the source's address and
    /// key are the copy's own.</summary>
    public static void ApplyTo(IRequestOptions source, CopyPartRequest part)
    {
        part.ServerSideEncryptionCustomerMethod = source.ServerSideEncryptionCustomerMethod;
        part.ServerSideEncryptionCustomerProvidedKey = source.ServerSideEncryptionCustomerProvidedKey;
        part.ServerSideEncryptionCustomerProvidedKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        part.ExpectedBucketOwner = source.ExpectedBucketOwner;
        part.RequestPayer = source.RequestPayer;
    }

    public static void ApplyTo(IRequestOptions source, CompleteMultipartUploadRequest complete)
    {
        complete.SSECustomerAlgorithm = source.ServerSideEncryptionCustomerMethod?.Value;
        complete.SSECustomerKey = source.ServerSideEncryptionCustomerProvidedKey;
        // The SDK fills in the key's MD5 on PutObject, CreateMultipartUpload and the parts, but not here.
        complete.SSECustomerKeyMD5 = SseCustomerKey.Md5(source.ServerSideEncryptionCustomerProvidedKey, source.ServerSideEncryptionCustomerProvidedKeyMD5);
        complete.ExpectedBucketOwner = source.ExpectedBucketOwner;
        complete.RequestPayer = source.RequestPayer;
    }

    /// <summary>A HEAD of the object (a download's look-up of its stored checksum, an upload's check for an upload an
    /// earlier run completed): S3 refuses a HEAD of an SSE-C object without its key.</summary>
    public static void ApplyTo(IRequestOptions source, GetObjectMetadataRequest head)
    {
        head.ServerSideEncryptionCustomerMethod = source.ServerSideEncryptionCustomerMethod;
        head.ServerSideEncryptionCustomerProvidedKey = source.ServerSideEncryptionCustomerProvidedKey;
        head.ServerSideEncryptionCustomerProvidedKeyMD5 = SseCustomerKey.Md5(source.ServerSideEncryptionCustomerProvidedKey,
            source.ServerSideEncryptionCustomerProvidedKeyMD5);
        head.ExpectedBucketOwner = source.ExpectedBucketOwner;
        head.RequestPayer = source.RequestPayer;
    }

    /// <inheritdoc cref="ApplyTo(IRequestOptions, GetObjectMetadataRequest)"/>
    public static void ApplyTo(IRequestOptions source, GetObjectAttributesRequest attributes)
    {
        attributes.SSECustomerAlgorithm = source.ServerSideEncryptionCustomerMethod;
        attributes.SSECustomerKey = source.ServerSideEncryptionCustomerProvidedKey;
        attributes.SSECustomerKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        attributes.ExpectedBucketOwner = source.ExpectedBucketOwner;
        attributes.RequestPayer = source.RequestPayer;
    }

    public static void ApplyTo(IRequestOptions source, AbortMultipartUploadRequest abort)
    {
        abort.ExpectedBucketOwner = source.ExpectedBucketOwner;
        abort.RequestPayer = source.RequestPayer;
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
