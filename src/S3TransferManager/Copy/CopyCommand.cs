using Amazon.S3;
using S3TransferManager.Events;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Copy;

/// <summary>
/// Runs one server-side copy: learns the source (one HEAD, or what a listing said), then copies it with one CopyObject
/// below <see cref="TransferUtilityConfig.MinSizeBeforePartUpload"/> or as a multipart copy above it (always above 5 GiB,
/// the most one CopyObject takes).
/// </summary>
internal sealed class CopyCommand(TransferResources resources, TransferUtilityCopyRequest request)
{
    public async Task<TransferUtilityCopyResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        request.ChecksumsOnlyWhenRequired = resources.Checksums.RequestsOnlyWhenRequired;
        using TransferLane lane = resources.Scheduler.OpenLane();
        using TransferScope telemetry = TransferScope.StartCopy(request.DestinationBucket!, request.DestinationKey!);
        // No adaptive concurrency: a copy's bytes never pass through this machine, so they say nothing of its throughput.
        var progress = new ProgressTracker(request.HasProgressSubscribers ? request.OnProgress : null, resources.TimeProvider);
        try
        {
            CopySource source = await CopySource.LearnAsync(resources.S3, lane, request, NeedsHead, cancellationToken).ConfigureAwait(false);
            progress.SetTotal(source.Size);
            bool multipart = IsMultipart(source.Size);
            telemetry.Describe(source.Size);
            TransferUtilityCopyResponse response = multipart
                ? await new MultipartCopyCommand(resources, lane, request, progress, source).ExecuteAsync(cancellationToken).ConfigureAwait(false)
                : await new SingleCopyCommand(resources.S3, lane, request, progress).ExecuteAsync(source, cancellationToken).ConfigureAwait(false);
            telemetry.Succeeded(source.Size);
            Log.CopyCompleted(resources.Logger, request.SourceBucket!, request.SourceKey!, request.DestinationBucket!, request.DestinationKey!,
                source.Size, response.PartCount);
            return response;
        }
        catch (Exception e)
        {
            Log.CopyFailed(resources.Logger, request.SourceBucket!, request.SourceKey!, request.DestinationBucket!, request.DestinationKey!, e);
            telemetry.Failed(e);
            throw;
        }
    }

    private bool IsMultipart(long size) => size >= resources.Config.MinSizeBeforePartUpload || size > TransferLimits.MaxPartSize;

    /// <summary>Whether a source of <paramref name="size"/>, known from a listing, still needs its HEAD: only a
    /// multipart copy that carries the source's metadata or tags over, which UploadPartCopy does not.</summary>
    private bool NeedsHead(long size) => IsMultipart(size) && !(request.ReplacesMetadata && request.ReplacesTags);
}
