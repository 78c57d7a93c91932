using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Copy;

/// <summary>
/// What a copy knows about its source: its size and the ETag every copy request is pinned to, from one HEAD or from a
/// listing; and, from the HEAD, the metadata and content headers a multipart copy carries over under
/// <see cref="S3MetadataDirective.COPY"/>.
/// </summary>
internal sealed class CopySource
{
    private CopySource(long size, string eTag, GetObjectMetadataResponse? head)
    {
        Size = size;
        ETag = eTag;
        Head = head;
    }

    public long Size { get; }

    /// <summary>The ETag, quoted as S3 sends it.</summary>
    public string ETag { get; }

    /// <summary>The HEAD's answer; null when a listing was enough.</summary>
    public GetObjectMetadataResponse? Head { get; }

    /// <summary>Learns the source: from the listing when that is enough for the copy
    /// (<paramref name="needsHead"/> says whether it is), otherwise with one HEAD in the copy's turn of the budget.</summary>
    /// <param name="s3">Where the HEAD goes out.</param>
    /// <param name="lane">The copy's turn of the request budget.</param>
    /// <param name="request">The copy.</param>
    /// <param name="needsHead">Whether the copy, given the source's size, needs more than its size and ETag.</param>
    /// <param name="cancellationToken">Cancels the HEAD.</param>
    /// <exception cref="ObjectModifiedException">The source does not have <see cref="TransferUtilityCopyRequest.ETagToMatch"/>.</exception>
    public static async Task<CopySource> LearnAsync(S3Calls s3, TransferLane lane, TransferUtilityCopyRequest request,
        Func<long, bool> needsHead, CancellationToken cancellationToken)
    {
        if (request.Listed is { } listed && !needsHead(listed.Size))
        {
            if (request.ETagToMatch is { } wanted && !SameETag(wanted, listed.ETag))
            {
                throw new ObjectModifiedException(request.SourceBucket!, request.SourceKey!, wanted, listed.ETag);
            }

            return new CopySource(listed.Size, listed.ETag, head: null);
        }

        // Pinned when an ETag is known: a 412 is an ObjectModifiedException.
        GetObjectMetadataResponse head = await s3.HeadObjectAsync(HeadRequest(request, request.ETagToMatch ?? request.Listed?.ETag), CallSlot.Take(lane), cancellationToken).ConfigureAwait(false);
        return new CopySource(head.ContentLength, head.ETag, head);
    }

    /// <summary>Whether two ETags name one version, quoted or not.</summary>
    public static bool SameETag(string a, string b) => string.Equals(a.Trim('"'), b.Trim('"'), StringComparison.Ordinal);

    /// <summary>A HEAD of the source, with its SSE-C key and owner; pinned to <paramref name="eTag"/> when one is known
    /// (a 412 is then an <see cref="ObjectModifiedException"/>). Both the first look and the recheck before Complete.</summary>
    public static GetObjectMetadataRequest HeadRequest(TransferUtilityCopyRequest request, string? eTag) => new()
    {
        BucketName = request.SourceBucket,
        Key = request.SourceKey,
        VersionId = request.SourceVersionId,
        EtagToMatch = eTag,
        ServerSideEncryptionCustomerMethod = request.CopySourceServerSideEncryptionCustomerMethod,
        ServerSideEncryptionCustomerProvidedKey = request.CopySourceServerSideEncryptionCustomerProvidedKey,
        ServerSideEncryptionCustomerProvidedKeyMD5 = request.CopySourceServerSideEncryptionCustomerProvidedKeyMD5,
        ExpectedBucketOwner = request.ExpectedSourceBucketOwner,
        RequestPayer = request.RequestPayer,
    };

    /// <summary>The source's tags, which UploadPartCopy does not carry over.</summary>
    public static GetObjectTaggingRequest TagsRequest(TransferUtilityCopyRequest request) => new()
    {
        BucketName = request.SourceBucket,
        Key = request.SourceKey,
        VersionId = request.SourceVersionId,
        ExpectedBucketOwner = request.ExpectedSourceBucketOwner,
        RequestPayer = request.RequestPayer,
    };

    /// <summary>The source on CopyObject, pinned to its ETag, with its SSE-C key and owner.</summary>
    public void AddressIn(TransferUtilityCopyRequest request, CopyObjectRequest copy)
    {
        (copy.SourceBucket, copy.SourceKey, copy.SourceVersionId) = (request.SourceBucket, request.SourceKey, request.SourceVersionId);
        copy.ETagToMatch = ETag;
        (copy.CopySourceServerSideEncryptionCustomerMethod, copy.CopySourceServerSideEncryptionCustomerProvidedKey,
            copy.CopySourceServerSideEncryptionCustomerProvidedKeyMD5, copy.ExpectedSourceBucketOwner) = SourceKeyAndOwner(request);
    }

    /// <inheritdoc cref="AddressIn(TransferUtilityCopyRequest, CopyObjectRequest)"/>
    public void AddressIn(TransferUtilityCopyRequest request, CopyPartRequest part)
    {
        (part.SourceBucket, part.SourceKey, part.SourceVersionId) = (request.SourceBucket, request.SourceKey, request.SourceVersionId);
        part.ETagToMatch = [ETag];
        (part.CopySourceServerSideEncryptionCustomerMethod, part.CopySourceServerSideEncryptionCustomerProvidedKey,
            part.CopySourceServerSideEncryptionCustomerProvidedKeyMD5, part.ExpectedSourceBucketOwner) = SourceKeyAndOwner(request);
    }

    // CopyObject and UploadPartCopy name the source's SSE-C key and owner alike but share no base type.
    private static (ServerSideEncryptionCustomerMethod?, string?, string?, string?) SourceKeyAndOwner(TransferUtilityCopyRequest request) =>
        (request.CopySourceServerSideEncryptionCustomerMethod, request.CopySourceServerSideEncryptionCustomerProvidedKey,
            request.CopySourceServerSideEncryptionCustomerProvidedKeyMD5, request.ExpectedSourceBucketOwner);
}
