using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using Amazon.S3.Model;
using S3TransferManager.Multipart;

namespace S3TransferManager.Resume;

/// <summary>
/// A digest of what CreateMultipartUpload stores with an upload (type, headers, metadata, tags, access, storage class,
/// encryption, object lock, checksum): an upload created with other options cannot become this request's object, so a
/// request whose digest differs from the journal's starts a new upload. The SSE-C key enters only through its MD5.
/// </summary>
internal static class UploadOptionsFingerprint
{
    public static string Of(TransferUtilityUploadRequest request)
    {
        var initiate = new InitiateMultipartUploadRequest();
        RequestOptions.ApplyTo(request, initiate);
        var text = new StringBuilder();
        Add(text, "type", initiate.ContentType);
        foreach (string name in initiate.Headers.Keys.Order(StringComparer.OrdinalIgnoreCase))
        {
            Add(text, "header:" + name.ToLowerInvariant(), initiate.Headers[name]);
        }

        foreach (string name in initiate.Metadata.Keys.Order(StringComparer.Ordinal))
        {
            Add(text, "meta:" + name, initiate.Metadata[name]);
        }

        foreach (Tag tag in (initiate.TagSet ?? []).OrderBy(t => t.Key, StringComparer.Ordinal))
        {
            Add(text, "tag:" + tag.Key, tag.Value);
        }

        foreach (S3Grant grant in initiate.Grants ?? [])
        {
            Add(text, "grant", $"{grant.Permission?.Value}/{grant.Grantee?.CanonicalUser}/{grant.Grantee?.URI}/{grant.Grantee?.EmailAddress}");
        }

        Add(text, "expires", initiate.Expires);
        Add(text, "acl", initiate.CannedACL?.Value);
        Add(text, "class", initiate.StorageClass?.Value);
        Add(text, "sse", initiate.ServerSideEncryptionMethod?.Value);
        Add(text, "kms", initiate.ServerSideEncryptionKeyManagementServiceKeyId);
        Add(text, "kms-context", initiate.ServerSideEncryptionKeyManagementServiceEncryptionContext);
        Add(text, "bucket-key", initiate.BucketKeyEnabled?.ToString());
        Add(text, "sse-c", initiate.ServerSideEncryptionCustomerMethod?.Value);
        Add(text, "sse-c-key", KeyDigest(request.ServerSideEncryptionCustomerProvidedKey));
        Add(text, "lock", initiate.ObjectLockMode?.Value);
        Add(text, "lock-until", initiate.ObjectLockRetainUntilDate?.ToUniversalTime().ToString("O", CultureInfo.InvariantCulture));
        Add(text, "hold", initiate.ObjectLockLegalHoldStatus?.Value);
        Add(text, "redirect", initiate.WebsiteRedirectLocation);
        Add(text, "checksum", request.EffectiveChecksumAlgorithm?.Value);
        return Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(text.ToString())));
    }

    private static void Add(StringBuilder text, string name, string? value)
    {
        if (value is not null)
        {
            text.Append(name).Append('=').Append(value.Length).Append(':').Append(value).Append('\n');
        }
    }

    /// <summary>A digest of the SSE-C key, so that a journal never holds anything the key could be recovered from.</summary>
    private static string? KeyDigest(string? key) => key is null ? null : Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(key)));
}
