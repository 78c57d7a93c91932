using Amazon.S3.Model;
using S3TransferManager.Multipart;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Upload;

/// <summary>
/// Sends one upload's bodies through <see cref="S3Calls"/>, each in its part's span: every attempt reads the part's own
/// bytes again (a file region read again, a buffered part read again from its chunks), so a stalled attempt is sent
/// again, and a slow UploadPart hedged, without the source being read twice.
/// </summary>
internal sealed class UploadRequests(UploadContext upload, PayloadSigning signing)
{
    private readonly S3Calls _s3 = upload.Resources.S3;
    private readonly BodySending _sending = new(signing.PassesBeforeSent, upload.Progress, upload.Resources.Bandwidth);

    public BodySending Sending => _sending;

    /// <summary>Uploads a part on the slot it holds; returns the answer and the bytes counted as sent.</summary>
    public async Task<(UploadPartResponse Response, long BytesSent)> UploadPartAsync(PartAttempts part, CancellationToken cancellationToken)
    {
        PartBody body = part.Part;
        UploadPartResponse response = await PartScope.RunAsync(RpcMethods.UploadPart, upload.Bucket, upload.Key, body.PartNumber, -1, body.Length,
            (scope, token) => _s3.UploadPartAsync(part, upload.Bucket, upload.Key, body.PartNumber, body.Length, CallSlot.On(part.Lease), scope.Span,
                token), cancellationToken).ConfigureAwait(false);
        return (response, part.BytesSent);
    }

    /// <summary>PUTs <paramref name="length"/> bytes of <paramref name="body"/> from its current position, which every
    /// attempt starts from again, on the slot <paramref name="lease"/> holds.</summary>
    public Task<PutObjectResponse> PutAsync(Stream body, long length, HeldLease lease, Func<Stream, PutObjectRequest> build,
        CancellationToken cancellationToken) =>
        PartScope.RunAsync(RpcMethods.PutObject, upload.Bucket, upload.Key, 0, 0, length,
            (scope, token) => _s3.PutObjectAsync(new PutBody(body, build, _sending), upload.Bucket, upload.Key, length, CallSlot.On(lease), scope.Span,
                token), cancellationToken);

    /// <summary>A PutObject's body, read from where it started for every attempt.</summary>
    [System.Diagnostics.CodeAnalysis.SuppressMessage("Reliability", "CA2000", Justification = "Each attempt's body is disposed in Close, when the attempt ends.")]
    private sealed class PutBody(Stream body, Func<Stream, PutObjectRequest> build, BodySending sending) : IAttemptBody<PutObjectRequest>
    {
        private readonly long _start = body.Position;

        public BodyAttempt<PutObjectRequest>? Open(RequestWatch watch, bool hedge)
        {
            if (hedge)
            {
                return null;
            }

            body.Position = _start;
            SentBodyStream sent = sending.Body(body, static () => { }, null, watch);
            return new BodyAttempt<PutObjectRequest>(build(sent), sent);
        }

        public void Close(Stream sent, bool hedge) => sent.Dispose();
    }
}
