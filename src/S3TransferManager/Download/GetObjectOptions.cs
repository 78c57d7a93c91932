using Amazon.S3.Model;

namespace S3TransferManager.Download;

/// <summary>
/// The one place a download request's options are copied onto a <see cref="GetObjectRequest"/>: every GET of a
/// download (discovery, parts, resumes) carries them alike, so an SSE-C object stays readable on every range.
/// </summary>
internal static class GetObjectOptions
{
    public static void ApplyTo(DownloadRequestBase source, GetObjectRequest get)
    {
        // S3 answers 400 to any GET of an SSE-C object that does not repeat the key, ranged or not.
        get.ServerSideEncryptionCustomerMethod = source.ServerSideEncryptionCustomerMethod;
        get.ServerSideEncryptionCustomerProvidedKey = source.ServerSideEncryptionCustomerProvidedKey;
        get.ServerSideEncryptionCustomerProvidedKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        get.ResponseHeaderOverrides = source.ResponseHeaderOverrides;
        get.ModifiedSinceDate = source.ModifiedSinceDate;
        get.UnmodifiedSinceDate = source.UnmodifiedSinceDate;
        get.EtagToNotMatch = source.IfNoneMatch;
        get.ExpectedBucketOwner = source.ExpectedBucketOwner;
        get.RequestPayer = source.RequestPayer;
    }

    /// <summary>The options the HEAD that learns the stored checksum needs to be answered like the GETs: the SSE-C key
    /// (S3 refuses a HEAD of an SSE-C object without it), the bucket owner and requester-pays.</summary>
    public static void ApplyTo(DownloadRequestBase source, GetObjectMetadataRequest head)
    {
        head.ServerSideEncryptionCustomerMethod = source.ServerSideEncryptionCustomerMethod;
        head.ServerSideEncryptionCustomerProvidedKey = source.ServerSideEncryptionCustomerProvidedKey;
        head.ServerSideEncryptionCustomerProvidedKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        head.ExpectedBucketOwner = source.ExpectedBucketOwner;
        head.RequestPayer = source.RequestPayer;
    }

    /// <inheritdoc cref="ApplyTo(DownloadRequestBase, GetObjectMetadataRequest)"/>
    public static void ApplyTo(DownloadRequestBase source, GetObjectAttributesRequest attributes)
    {
        attributes.SSECustomerAlgorithm = source.ServerSideEncryptionCustomerMethod;
        attributes.SSECustomerKey = source.ServerSideEncryptionCustomerProvidedKey;
        attributes.SSECustomerKeyMD5 = source.ServerSideEncryptionCustomerProvidedKeyMD5;
        attributes.ExpectedBucketOwner = source.ExpectedBucketOwner;
        attributes.RequestPayer = source.RequestPayer;
    }
}
