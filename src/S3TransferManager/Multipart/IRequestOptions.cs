using Amazon.S3;

namespace S3TransferManager.Multipart;

/// <summary>What every request of one transfer repeats, whatever it reads or writes: the SSE-C key of the object (S3
/// refuses any request of an SSE-C object without it), the bucket owner it expects, and who pays. Implemented by the
/// public requests with these names, so <see cref="RequestOptions"/> reads them alike.</summary>
internal interface IRequestOptions
{
    ServerSideEncryptionCustomerMethod? ServerSideEncryptionCustomerMethod { get; }

    string? ServerSideEncryptionCustomerProvidedKey { get; }

    string? ServerSideEncryptionCustomerProvidedKeyMD5 { get; }

    string? ExpectedBucketOwner { get; }

    RequestPayer? RequestPayer { get; }
}
