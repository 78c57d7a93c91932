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
}
