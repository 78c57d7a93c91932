using S3TransferManager.Events;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Multipart;

/// <summary>What every piece of one upload shares: the utility's resources (client, settings, logger, pool, clock and
/// budgets), the upload's own turn of the request budget, the request, and where its progress goes.</summary>
/// <param name="Resources">The utility's resources, resolved once in its constructor.</param>
/// <param name="Lane">The upload's turn of the request budget: Create, every part and Complete take a slot; Abort does
/// not, because cleanup must never wait for the budget.</param>
/// <param name="Request">What to upload.</param>
/// <param name="Progress">Where progress goes.</param>
internal sealed record UploadContext(TransferResources Resources, TransferLane Lane, TransferUtilityUploadRequest Request, ProgressTracker Progress)
{
    public string Bucket => Request.BucketName!;

    public string Key => Request.Key!;
}
