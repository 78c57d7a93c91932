using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Events;
using S3TransferManager.Multipart;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Copy;

/// <summary>Copies an object below the multipart threshold with one CopyObject, pinned to the source's ETag.</summary>
internal sealed class SingleCopyCommand(S3Calls s3, TransferLane lane, TransferUtilityCopyRequest request, ProgressTracker progress)
{
    /// <exception cref="ObjectModifiedException">The source no longer has the ETag the copy is pinned to.</exception>
    public async Task<TransferUtilityCopyResponse> ExecuteAsync(CopySource source, CancellationToken cancellationToken)
    {
        CopyObjectResponse copied = await s3.CopyObjectAsync(CopyObject(source), source.Size, CallSlot.Take(lane), cancellationToken)
            .ConfigureAwait(false);
        if (source.Size > 0)
        {
            progress.Add(source.Size);
        }

        progress.Complete();
        return CopyResponses.From(copied, request, source);
    }

    private CopyObjectRequest CopyObject(CopySource source)
    {
        var copy = new CopyObjectRequest
        {
            DestinationBucket = request.DestinationBucket,
            DestinationKey = request.DestinationKey,
            MetadataDirective = request.MetadataDirective ?? S3MetadataDirective.COPY,
            ChecksumAlgorithm = request.EffectiveChecksumAlgorithm,
        };
        source.AddressIn(request, copy);
        // Under COPY the request holds no headers, metadata or tags (Validate): S3 keeps the source's.
        RequestOptions.ApplyStored(request, copy);
        if (request.ReplacesMetadata)
        {
            copy.ContentType = request.ContentType ?? request.Headers.ContentType;
        }

        if (request.ReplacesTags)
        {
            copy.TaggingDirective = TaggingDirective.REPLACE;
            copy.TagSet ??= [];
        }

        return copy;
    }
}
