using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Multipart;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;
using S3TransferManager.Checksums;
using S3TransferManager.Events;

namespace S3TransferManager.Upload;

/// <summary>Uploads an object smaller than the multipart threshold with one PutObject.</summary>
internal sealed class SinglePutCommand(UploadContext upload)
{
    private readonly IAmazonS3 _client = upload.Resources.Client;
    private readonly TransferLane _lane = upload.Lane;
    private readonly TransferUtilityUploadRequest _request = upload.Request;
    private readonly ILogger _logger = upload.Resources.Logger;
    private readonly ProgressTracker _progress = upload.Progress;

    /// <summary>PUTs <paramref name="length"/> bytes of <paramref name="body"/> from its current position. The body is
    /// not closed: whoever opened it disposes it.</summary>
    public async Task<TransferUtilityUploadResponse> ExecuteAsync(Stream body, long length, CancellationToken cancellationToken)
    {
        Log.SinglePutStarting(_logger, _request.BucketName!, _request.Key!, length);
        PayloadSigning signing = PartSigning.For(_client, _request.DisablePayloadSigning);
        string? checksum = null;
        // Refuses, before any request, a length the caller's precomputed values contradict; and says whether they
        // include the checksum (then nothing is computed).
        bool precomputed = PrecomputedChecks.ApplyToPut(_request, BuildPut(body, length, signing), length);
        if (!precomputed && _request.EffectiveChecksumAlgorithm is { } algorithm)
        {
            checksum = await ChecksumHasher.ComputeAsync(algorithm, body, cancellationToken).ConfigureAwait(false);
        }

        PutObjectResponse response;
        using (var lease = new HeldLease(_lane, await _lane.AcquireAsync(RequestCost.Data(length), cancellationToken).ConfigureAwait(false)))
        {
            // Every attempt (a stalled one is sent again) gets its own request, around the body watched for stalls.
            response = await new UploadRequests(upload, signing).PutAsync(body, length, lease, sent =>
            {
                PutObjectRequest put = BuildPut(sent, length, signing);
                if (precomputed)
                {
                    PrecomputedChecks.ApplyToPut(_request, put, length);
                }
                else if (checksum is not null)
                {
                    UploadChecksums.Apply(put, _request.EffectiveChecksumAlgorithm!, checksum);
                }

                return put;
            }, cancellationToken).ConfigureAwait(false);
        }

        if (length > 0)
        {
            _progress.Add(length);
        }

        _progress.Complete();
        return UploadResponseDetails.From(UploadChecksums.FromPut(response, length), response, _request);
    }

    private PutObjectRequest BuildPut(Stream body, long length, PayloadSigning signing)
    {
        var put = new PutObjectRequest
        {
            BucketName = _request.BucketName,
            Key = _request.Key,
            InputStream = body,
            AutoCloseStream = false,
            // Upload from where the caller left the stream, as documented, not from its start.
            AutoResetStreamPosition = false,
        };
        RequestOptions.ApplyTo(_request, put);
        put.Headers.ContentLength = length;
        put.UseChunkEncoding = signing.UseChunkEncoding;
        put.DisablePayloadSigning = signing.DisablePayloadSigning;
        return put;
    }
}
