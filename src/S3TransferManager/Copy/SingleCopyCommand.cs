using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Events;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Copy;

/// <summary>Copies an object below the multipart threshold with one CopyObject, pinned to the source's ETag.</summary>
internal sealed class SingleCopyCommand(IAmazonS3 client, TransferLane lane, TransferUtilityCopyRequest request, ProgressTracker progress)
{
    public async Task<TransferUtilityCopyResponse> ExecuteAsync(CopySource source, CancellationToken cancellationToken)
    {
        CopyObjectResponse copied;
        try
        {
            using (await lane.AcquireAsync(cancellationToken).ConfigureAwait(false))
            {
                TransferMetrics.RequestSent(RpcMethods.CopyObject, request.DestinationBucket!);
                copied = await client.CopyObjectAsync(CopyRequests.ForCopyObject(request, source), cancellationToken).ConfigureAwait(false);
            }
        }
        catch (AmazonS3Exception e) when (e.StatusCode == HttpStatusCode.PreconditionFailed)
        {
            throw new ObjectModifiedException(request.SourceBucket!, request.SourceKey!, source.ETag, null, e);
        }

        if (source.Size > 0)
        {
            progress.Add(source.Size);
        }

        progress.Complete();
        return CopyResponses.From(copied, request, source);
    }
}
