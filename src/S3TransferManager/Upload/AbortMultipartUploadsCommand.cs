using Amazon.S3.Model;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;
using S3TransferManager.Requests;

namespace S3TransferManager.Upload;

/// <summary>Pages through a bucket's open multipart uploads (ListMultipartUploads, 1,000 at a time) and aborts those
/// initiated before the cut-off, each request in its turn of the utility's budget.</summary>
internal sealed class AbortMultipartUploadsCommand(TransferResources resources, TransferUtilityAbortMultipartUploadRequest request)
{
    public async Task ExecuteAsync(CancellationToken cancellationToken)
    {
        using TransferLane lane = resources.Scheduler.OpenLane();
        var list = new ListMultipartUploadsRequest
        {
            BucketName = request.BucketName, ExpectedBucketOwner = request.ExpectedBucketOwner, RequestPayer = request.RequestPayer,
        };
        DateTime cutoff = request.InitiatedDate.ToUniversalTime();
        while (true)
        {
            ListMultipartUploadsResponse page = await resources.S3.ListMultipartUploadsAsync(list, CallSlot.Take(lane), cancellationToken)
                .ConfigureAwait(false);

            foreach (MultipartUpload upload in page.MultipartUploads ?? [])
            {
                if (upload.Initiated is { } initiated && initiated.ToUniversalTime() < cutoff)
                {
                    await resources.S3.AbortMultipartUploadAsync(new AbortMultipartUploadRequest
                    {
                        BucketName = request.BucketName,
                        Key = upload.Key,
                        UploadId = upload.UploadId,
                        ExpectedBucketOwner = request.ExpectedBucketOwner,
                        RequestPayer = request.RequestPayer,
                    }, CallSlot.Take(lane), cancellationToken).ConfigureAwait(false);

                    Log.MultipartAborted(resources.Logger, request.BucketName!, upload.Key, upload.UploadId);
                }
            }

            if (page.IsTruncated != true)
            {
                return;
            }

            list.KeyMarker = page.NextKeyMarker;
            list.UploadIdMarker = page.NextUploadIdMarker;
        }
    }
}
