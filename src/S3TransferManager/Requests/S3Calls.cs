using System.Diagnostics;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Requests;

/// <summary>
/// The one type of the library that calls <see cref="IAmazonS3"/> (a test reads the compiled library to hold it so):
/// one method per S3 operation the library sends, each naming the call's kind, object and pin from the request, and
/// handing it to <see cref="RequestSender"/>, which bounds, retries, counts and hedges it the same way for all.
/// Callers choose only how the call holds its slot of the budget (<see cref="CallSlot"/>) and, for a part, the attempts
/// it shares with its body and its span.
/// </summary>
internal sealed class S3Calls(IAmazonS3 client, RequestSender sender)
{
    /// <summary>GETs an object's bytes (a part, a range, or all of it). The caller owns the response.</summary>
    /// <param name="request">The GET; its If-Match, when set, pins the call (a 412 is an <see cref="ObjectModifiedException"/>).</param>
    /// <param name="slot">How the call holds its slot of the budget.</param>
    /// <param name="cancellationToken">Cancels every attempt.</param>
    /// <param name="partNumber">The download part the GET is for, for its errors; null when none.</param>
    /// <param name="attempts">The part's attempts, shared with its body's resumes; null: the call's own.</param>
    /// <param name="hedged">Whether a slow answer gets a second GET alongside.</param>
    public Task<GetObjectResponse> GetObjectAsync(GetObjectRequest request, CallSlot slot, CancellationToken cancellationToken, int? partNumber = null,
        AttemptBudget? attempts = null, bool hedged = false) =>
        sender.SendAsync(
            Spec(RpcMethods.GetObject, RequestKind.Get, request.BucketName, request.Key, slot, partNumber) with
            {
                PinnedETag = request.EtagToMatch, Attempts = attempts, Hedged = hedged,
            },
            (watch, _) => client.GetObjectAsync(request, watch.Token), cancellationToken);

    public Task<GetObjectMetadataResponse> HeadObjectAsync(GetObjectMetadataRequest request, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.HeadObject, RequestKind.Quick, request.BucketName, request.Key, slot) with { PinnedETag = request.EtagToMatch },
            (watch, _) => client.GetObjectMetadataAsync(request, watch.Token), cancellationToken);

    public Task<GetObjectTaggingResponse> GetObjectTaggingAsync(GetObjectTaggingRequest request, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.GetObjectTagging, RequestKind.Quick, request.BucketName, request.Key, slot),
            (watch, _) => client.GetObjectTaggingAsync(request, watch.Token), cancellationToken);

    public Task<GetObjectAttributesResponse> GetObjectAttributesAsync(GetObjectAttributesRequest request, CallSlot slot,
        CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.GetObjectAttributes, RequestKind.Quick, request.BucketName, request.Key, slot),
            (watch, _) => client.GetObjectAttributesAsync(request, watch.Token), cancellationToken);

    /// <summary>One page of a listing; the caller follows its continuation token.</summary>
    public Task<ListObjectsV2Response> ListObjectsV2Async(ListObjectsV2Request request, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.ListObjectsV2, RequestKind.Page, request.BucketName, request.Prefix ?? "", slot),
            (watch, _) => client.ListObjectsV2Async(request, watch.Token), cancellationToken);

    public Task<ListPartsResponse> ListPartsAsync(ListPartsRequest request, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.ListParts, RequestKind.Page, request.BucketName, request.Key, slot),
            (watch, _) => client.ListPartsAsync(request, watch.Token), cancellationToken);

    public Task<ListMultipartUploadsResponse> ListMultipartUploadsAsync(ListMultipartUploadsRequest request, CallSlot slot,
        CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.ListMultipartUploads, RequestKind.Page, request.BucketName, request.Prefix ?? "", slot),
            (watch, _) => client.ListMultipartUploadsAsync(request, watch.Token), cancellationToken);

    public Task<DeleteObjectsResponse> DeleteObjectsAsync(DeleteObjectsRequest request, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.DeleteObjects, RequestKind.Page, request.BucketName, "", slot),
            (watch, _) => client.DeleteObjectsAsync(request, watch.Token), cancellationToken);

    public Task<DeleteObjectResponse> DeleteObjectAsync(DeleteObjectRequest request, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.DeleteObject, RequestKind.Quick, request.BucketName, request.Key, slot),
            (watch, _) => client.DeleteObjectAsync(request, watch.Token), cancellationToken);

    /// <summary>Copies a whole object of <paramref name="bytes"/>, pinned to the source's ETag when the request is.</summary>
    public Task<CopyObjectResponse> CopyObjectAsync(CopyObjectRequest request, long bytes, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(
            Spec(RpcMethods.CopyObject, RequestKind.Copy, request.DestinationBucket, request.DestinationKey, slot) with
            {
                Bytes = bytes, PinnedETag = request.ETagToMatch, PinnedObject = (request.SourceBucket, request.SourceKey),
            },
            (watch, _) => client.CopyObjectAsync(request, watch.Token), cancellationToken);

    /// <summary>Copies a range of the source into a part, pinned to the source's ETag when the request is.</summary>
    public Task<CopyPartResponse> CopyPartAsync(CopyPartRequest request, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(
            Spec(RpcMethods.UploadPartCopy, RequestKind.Copy, request.DestinationBucket, request.DestinationKey, slot, request.PartNumber) with
            {
                Bytes = (request.LastByte ?? 0) - (request.FirstByte ?? 0) + 1,
                PinnedETag = request.ETagToMatch?.FirstOrDefault(),
                PinnedObject = (request.SourceBucket, request.SourceKey),
            },
            (watch, _) => client.CopyPartAsync(request, watch.Token), cancellationToken);

    public Task<InitiateMultipartUploadResponse> CreateMultipartUploadAsync(InitiateMultipartUploadRequest request, CallSlot slot,
        CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.CreateMultipartUpload, RequestKind.Upload, request.BucketName, request.Key, slot),
            (watch, _) => client.InitiateMultipartUploadAsync(request, watch.Token), cancellationToken);

    /// <summary>Completes an upload, sent once and waited for long (S3 may work on it for minutes). An answer without an
    /// ETag is returned as it came: the caller confirms the object (Ceph RGW 16 answers so, and has stored it).</summary>
    public Task<CompleteMultipartUploadResponse> CompleteMultipartUploadAsync(CompleteMultipartUploadRequest request, CallSlot slot,
        CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.CompleteMultipartUpload, RequestKind.Complete, request.BucketName, request.Key, slot),
            (watch, _) => client.CompleteMultipartUploadAsync(request, watch.Token), cancellationToken);

    public Task<AbortMultipartUploadResponse> AbortMultipartUploadAsync(AbortMultipartUploadRequest request, CallSlot slot,
        CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.AbortMultipartUpload, RequestKind.Upload, request.BucketName, request.Key, slot),
            (watch, _) => client.AbortMultipartUploadAsync(request, watch.Token), cancellationToken);

    /// <summary>PUTs a whole object of <paramref name="bytes"/> from <paramref name="body"/>, anew for each attempt.</summary>
    public Task<PutObjectResponse> PutObjectAsync(IAttemptBody<PutObjectRequest> body, string bucket, string key, long bytes, CallSlot slot,
        Activity? span, CancellationToken cancellationToken) =>
        sender.SendAsync(Spec(RpcMethods.PutObject, RequestKind.Upload, bucket, key, slot) with { Bytes = bytes, Span = span },
            (watch, hedge) => SendBodyAsync(body, watch, hedge, static (c, r, t) => c.PutObjectAsync(r, t)), cancellationToken);

    /// <summary>Uploads a part of <paramref name="bytes"/> from <paramref name="body"/>, anew for each attempt, hedged
    /// when the utility hedges.</summary>
    public Task<UploadPartResponse> UploadPartAsync(IAttemptBody<UploadPartRequest> body, string bucket, string key, int partNumber, long bytes,
        CallSlot slot, Activity? span, CancellationToken cancellationToken) =>
        sender.SendAsync(
            Spec(RpcMethods.UploadPart, RequestKind.Upload, bucket, key, slot, partNumber) with { Bytes = bytes, Span = span, Hedged = true },
            (watch, hedge) => SendBodyAsync(body, watch, hedge, static (c, r, t) => c.UploadPartAsync(r, t)), cancellationToken);

    private Task<TResponse>? SendBodyAsync<TRequest, TResponse>(IAttemptBody<TRequest> body, RequestWatch watch, bool hedge,
        Func<IAmazonS3, TRequest, CancellationToken, Task<TResponse>> send)
        where TRequest : class
    {
        return body.Open(watch, hedge) is { } attempt ? SendAndCloseAsync(attempt) : null;

        async Task<TResponse> SendAndCloseAsync(BodyAttempt<TRequest> attempt)
        {
            try
            {
                return await send(client, attempt.Request, watch.Token).ConfigureAwait(false);
            }
            finally
            {
                body.Close(attempt.Body, hedge);
            }
        }
    }

    private static CallSpec Spec(string operation, RequestKind kind, string bucket, string key, CallSlot slot, int? partNumber = null) =>
        new(new RequestTarget(operation, bucket, key, partNumber), kind) { Slot = slot };

    /// <summary>Lists the account's buckets: a listing, whose answer grows with the buckets, so bounded as a page.</summary>
    public Task<ListBucketsResponse> ListBucketsAsync(ListBucketsRequest request, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(Spec("ListBuckets", RequestKind.Page, "", "", slot),
            (watch, _) => client.ListBucketsAsync(request, watch.Token), cancellationToken);

    /// <summary>Creates a bucket (S3's CreateBucket), bounded as a page: S3 may take longer over it than over a HEAD,
    /// whose answers the quick bound is learned from.</summary>
    public Task<PutBucketResponse> PutBucketAsync(PutBucketRequest request, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(Spec("CreateBucket", RequestKind.Page, request.BucketName, "", slot),
            (watch, _) => client.PutBucketAsync(request, watch.Token), cancellationToken);

    /// <summary>Deletes an empty bucket, bounded as a page, as its creation is.</summary>
    public Task<DeleteBucketResponse> DeleteBucketAsync(DeleteBucketRequest request, CallSlot slot, CancellationToken cancellationToken) =>
        sender.SendAsync(Spec("DeleteBucket", RequestKind.Page, request.BucketName, "", slot),
            (watch, _) => client.DeleteBucketAsync(request, watch.Token), cancellationToken);
}
