using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Upload;

namespace S3TransferManager.Copy;

/// <summary>
/// The one place a copy request's options are put on the AWS SDK's requests: the source (bucket, key, version, its
/// SSE-C key, its owner, and the ETag every request is pinned to) on CopyObject and every UploadPartCopy; what S3 stores
/// with the copy on CopyObject or CreateMultipartUpload; the destination's SSE-C key on every request that writes; the
/// bucket owner and requester-pays settings on every request.
/// </summary>
internal static class CopyRequests
{
    public static CopyObjectRequest ForCopyObject(TransferUtilityCopyRequest request, CopySource source)
    {
        var copy = new CopyObjectRequest
        {
            SourceBucket = request.SourceBucket,
            SourceKey = request.SourceKey,
            SourceVersionId = request.SourceVersionId,
            ETagToMatch = source.ETag,
            DestinationBucket = request.DestinationBucket,
            DestinationKey = request.DestinationKey,
            MetadataDirective = request.MetadataDirective ?? S3MetadataDirective.COPY,
            ChecksumAlgorithm = request.EffectiveChecksumAlgorithm,
            CopySourceServerSideEncryptionCustomerMethod = request.CopySourceServerSideEncryptionCustomerMethod,
            CopySourceServerSideEncryptionCustomerProvidedKey = request.CopySourceServerSideEncryptionCustomerProvidedKey,
            CopySourceServerSideEncryptionCustomerProvidedKeyMD5 = request.CopySourceServerSideEncryptionCustomerProvidedKeyMD5,
            ExpectedSourceBucketOwner = request.ExpectedSourceBucketOwner,
        };
        if (request.ReplacesMetadata)
        {
            copy.ContentType = request.ContentType;
            CopyHeaders(request.Headers, copy.Headers);
            CopyMetadata(request.Metadata, copy.Metadata);
        }

        if (request.ReplacesTags)
        {
            copy.TaggingDirective = TaggingDirective.REPLACE;
            copy.TagSet = request.TagSet is null ? [] : [.. request.TagSet];
        }

        copy.StorageClass = request.StorageClass;
        copy.CannedACL = request.CannedACL;
        copy.ServerSideEncryptionMethod = request.ServerSideEncryptionMethod;
        copy.ServerSideEncryptionKeyManagementServiceKeyId = request.ServerSideEncryptionKeyManagementServiceKeyId;
        copy.ServerSideEncryptionKeyManagementServiceEncryptionContext = request.ServerSideEncryptionKeyManagementServiceEncryptionContext;
        copy.BucketKeyEnabled = request.BucketKeyEnabled;
        copy.ServerSideEncryptionCustomerMethod = request.ServerSideEncryptionCustomerMethod;
        copy.ServerSideEncryptionCustomerProvidedKey = request.ServerSideEncryptionCustomerProvidedKey;
        copy.ServerSideEncryptionCustomerProvidedKeyMD5 = request.ServerSideEncryptionCustomerProvidedKeyMD5;
        copy.WebsiteRedirectLocation = request.WebsiteRedirectLocation;
        copy.ObjectLockMode = request.ObjectLockMode;
        copy.ObjectLockRetainUntilDate = request.ObjectLockRetainUntilDate;
        copy.ObjectLockLegalHoldStatus = request.ObjectLockLegalHoldStatus;
        copy.ExpectedBucketOwner = request.ExpectedBucketOwner;
        copy.RequestPayer = request.RequestPayer;
        return copy;
    }

    /// <summary>CreateMultipartUpload for a multipart copy: what CopyObject would store, with the source's metadata,
    /// content headers (from its HEAD) and <paramref name="sourceTags"/> carried over under COPY, since UploadPartCopy
    /// copies bytes only.</summary>
    public static InitiateMultipartUploadRequest ForCreate(TransferUtilityCopyRequest request, CopySource source, List<Tag>? sourceTags,
        ChecksumType? checksumType)
    {
        var initiate = new InitiateMultipartUploadRequest
        {
            BucketName = request.DestinationBucket,
            Key = request.DestinationKey,
            ChecksumAlgorithm = request.EffectiveChecksumAlgorithm,
        };
        if (checksumType is not null)
        {
            initiate.ChecksumType = checksumType;
        }

        if (request.ReplacesMetadata)
        {
            if (request.ContentType is not null)
            {
                initiate.ContentType = request.ContentType;
            }

            CopyHeaders(request.Headers, initiate.Headers);
            CopyMetadata(request.Metadata, initiate.Metadata);
        }
        else if (source.Head is { } head)
        {
            initiate.ContentType = head.ContentType;
            CopyStoredHeaders(head, initiate.Headers);
            foreach (string name in head.Metadata.Keys)
            {
                initiate.Metadata.Add(name, head.Metadata[name]);
            }
        }

        List<Tag>? tags = request.ReplacesTags ? request.TagSet : sourceTags;
        if (tags is { Count: > 0 })
        {
            initiate.TagSet = [.. tags];
        }

        initiate.StorageClass = request.StorageClass;
        initiate.CannedACL = request.CannedACL;
        initiate.ServerSideEncryptionMethod = request.ServerSideEncryptionMethod;
        initiate.ServerSideEncryptionKeyManagementServiceKeyId = request.ServerSideEncryptionKeyManagementServiceKeyId;
        initiate.ServerSideEncryptionKeyManagementServiceEncryptionContext = request.ServerSideEncryptionKeyManagementServiceEncryptionContext;
        initiate.BucketKeyEnabled = request.BucketKeyEnabled;
        initiate.ServerSideEncryptionCustomerMethod = request.ServerSideEncryptionCustomerMethod;
        initiate.ServerSideEncryptionCustomerProvidedKey = request.ServerSideEncryptionCustomerProvidedKey;
        initiate.ServerSideEncryptionCustomerProvidedKeyMD5 = request.ServerSideEncryptionCustomerProvidedKeyMD5;
        initiate.WebsiteRedirectLocation = request.WebsiteRedirectLocation;
        initiate.ObjectLockMode = request.ObjectLockMode;
        initiate.ObjectLockRetainUntilDate = request.ObjectLockRetainUntilDate;
        initiate.ObjectLockLegalHoldStatus = request.ObjectLockLegalHoldStatus;
        initiate.ExpectedBucketOwner = request.ExpectedBucketOwner;
        initiate.RequestPayer = request.RequestPayer;
        return initiate;
    }

    /// <summary>One UploadPartCopy: bytes <paramref name="first"/>..<paramref name="last"/> of the source, pinned to its ETag.</summary>
    public static CopyPartRequest ForPart(TransferUtilityCopyRequest request, CopySource source, string uploadId, int partNumber,
        long first, long last) => new()
        {
            SourceBucket = request.SourceBucket,
            SourceKey = request.SourceKey,
            SourceVersionId = request.SourceVersionId,
            ETagToMatch = [source.ETag],
            DestinationBucket = request.DestinationBucket,
            DestinationKey = request.DestinationKey,
            UploadId = uploadId,
            PartNumber = partNumber,
            FirstByte = first,
            LastByte = last,
            CopySourceServerSideEncryptionCustomerMethod = request.CopySourceServerSideEncryptionCustomerMethod,
            CopySourceServerSideEncryptionCustomerProvidedKey = request.CopySourceServerSideEncryptionCustomerProvidedKey,
            CopySourceServerSideEncryptionCustomerProvidedKeyMD5 = request.CopySourceServerSideEncryptionCustomerProvidedKeyMD5,
            // S3 refuses a part of an SSE-C upload that does not repeat the key.
            ServerSideEncryptionCustomerMethod = request.ServerSideEncryptionCustomerMethod,
            ServerSideEncryptionCustomerProvidedKey = request.ServerSideEncryptionCustomerProvidedKey,
            ServerSideEncryptionCustomerProvidedKeyMD5 = request.ServerSideEncryptionCustomerProvidedKeyMD5,
            ExpectedBucketOwner = request.ExpectedBucketOwner,
            ExpectedSourceBucketOwner = request.ExpectedSourceBucketOwner,
            RequestPayer = request.RequestPayer,
        };

    /// <summary>The HEAD that checks, after the last part and before Complete, that the source still has the ETag the
    /// parts were pinned to: a server that ignores x-amz-copy-source-if-match would otherwise mix versions silently.</summary>
    public static GetObjectMetadataRequest ForRecheck(TransferUtilityCopyRequest request, CopySource source) => new()
    {
        BucketName = request.SourceBucket,
        Key = request.SourceKey,
        VersionId = request.SourceVersionId,
        EtagToMatch = source.ETag,
        ServerSideEncryptionCustomerMethod = request.CopySourceServerSideEncryptionCustomerMethod,
        ServerSideEncryptionCustomerProvidedKey = request.CopySourceServerSideEncryptionCustomerProvidedKey,
        ServerSideEncryptionCustomerProvidedKeyMD5 = request.CopySourceServerSideEncryptionCustomerProvidedKeyMD5,
        ExpectedBucketOwner = request.ExpectedSourceBucketOwner,
        RequestPayer = request.RequestPayer,
    };

    public static GetObjectTaggingRequest ForSourceTags(TransferUtilityCopyRequest request) => new()
    {
        BucketName = request.SourceBucket,
        Key = request.SourceKey,
        VersionId = request.SourceVersionId,
        ExpectedBucketOwner = request.ExpectedSourceBucketOwner,
        RequestPayer = request.RequestPayer,
    };

    public static void ApplyTo(TransferUtilityCopyRequest request, CompleteMultipartUploadRequest complete)
    {
        complete.SSECustomerAlgorithm = request.ServerSideEncryptionCustomerMethod?.Value;
        complete.SSECustomerKey = request.ServerSideEncryptionCustomerProvidedKey;
        // The SDK fills in the key's MD5 on CreateMultipartUpload and the parts, but not here.
        complete.SSECustomerKeyMD5 = SseCustomerKey.Md5(request.ServerSideEncryptionCustomerProvidedKey, request.ServerSideEncryptionCustomerProvidedKeyMD5);
        complete.ExpectedBucketOwner = request.ExpectedBucketOwner;
        complete.RequestPayer = request.RequestPayer;
    }

    /// <summary>A HEAD of the copy's destination (to confirm a Complete answered without an ETag): its SSE-C key, the
    /// bucket owner and requester-pays settings.</summary>
    public static void ApplyTo(TransferUtilityCopyRequest request, GetObjectMetadataRequest head) =>
        SseCustomerKey.ApplyTo(head, request.ServerSideEncryptionCustomerMethod, request.ServerSideEncryptionCustomerProvidedKey,
            request.ServerSideEncryptionCustomerProvidedKeyMD5, request.ExpectedBucketOwner, request.RequestPayer);

    public static void ApplyTo(TransferUtilityCopyRequest request, AbortMultipartUploadRequest abort)
    {
        abort.ExpectedBucketOwner = request.ExpectedBucketOwner;
        abort.RequestPayer = request.RequestPayer;
    }

    /// <summary>The content headers S3 stored with the source besides its type, which CopyObject's COPY carries over.</summary>
    private static void CopyStoredHeaders(GetObjectMetadataResponse head, HeadersCollection target)
    {
        target.CacheControl = head.CacheControl;
        target.ContentDisposition = head.ContentDisposition;
        target.ContentEncoding = head.ContentEncoding;
        target.ContentLanguage = head.ContentLanguage;
        if (!string.IsNullOrEmpty(head.ExpiresString))
        {
            target["Expires"] = head.ExpiresString;
        }
    }

    private static void CopyHeaders(HeadersCollection source, HeadersCollection target)
    {
        foreach (string name in source.Keys)
        {
            target[name] = source[name];
        }
    }

    private static void CopyMetadata(IDictionary<string, string> source, MetadataCollection target)
    {
        foreach (KeyValuePair<string, string> entry in source)
        {
            target.Add(entry.Key, entry.Value);
        }
    }
}
