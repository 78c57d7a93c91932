using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Multipart;

/// <summary>What S3 stores with an object a transfer writes (an upload's, or a copy's): access, storage class,
/// encryption, object lock, redirect, and the headers, metadata and tags the caller gave. The content type is each
/// command's own (an upload infers it, a copy may keep the source's).</summary>
internal interface IStoredOptions : IRequestOptions
{
    S3CannedACL? CannedACL { get; }

    S3StorageClass? StorageClass { get; }

    ServerSideEncryptionMethod? ServerSideEncryptionMethod { get; }

    string? ServerSideEncryptionKeyManagementServiceKeyId { get; }

    string? ServerSideEncryptionKeyManagementServiceEncryptionContext { get; }

    bool? BucketKeyEnabled { get; }

    ObjectLockMode? ObjectLockMode { get; }

    DateTime? ObjectLockRetainUntilDate { get; }

    ObjectLockLegalHoldStatus? ObjectLockLegalHoldStatus { get; }

    string? WebsiteRedirectLocation { get; }

    HeadersCollection Headers { get; }

    IDictionary<string, string> Metadata { get; }

    List<Tag>? TagSet { get; }
}
