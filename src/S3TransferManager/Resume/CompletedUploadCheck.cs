using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Multipart;
using S3TransferManager.Telemetry;
using S3TransferManager.Requests;

namespace S3TransferManager.Resume;

/// <summary>
/// Recognises an upload whose CompleteMultipartUpload took effect although the run that sent it stopped before it could
/// record so (killed while the answer was on its way, or just after it): ListParts then says the upload is gone, and
/// without this the next run would send the whole file again. The object at the key is that upload's when its ETag is
/// the one S3 gives an object completed from exactly the recorded parts: the MD5 of their binary MD5 ETags, a dash,
/// their count. When a part's ETag is not an MD5 (an encrypted upload's may not be), or the object is another, nothing
/// is concluded and the upload starts over.
/// </summary>
internal static class CompletedUploadCheck
{
    /// <summary>What S3 says of the object at the upload's key, as CompleteMultipartUpload would have answered it, when
    /// it is the one completed from <paramref name="parts"/> (every part of the upload, in order); null otherwise, or
    /// when the HEAD fails.</summary>
    public static async Task<CompleteMultipartUploadResponse?> FindAsync(UploadContext upload, UploadJournalHeader before,
        IReadOnlyList<UploadedPart> parts, CancellationToken cancellationToken)
    {
        int partCount = PartSizer.PartCount(before.Length, before.PartSize);
        if (parts.Count != partCount || parts.Where((p, i) => p.Part != i + 1).Any()
            || MultipartETags.Of([.. parts.Select(p => p.ETag)]) is not { } expected)
        {
            return null;
        }

        // The stored checksum only goes into the response; the client's WHEN_REQUIRED validation asks for none.
        var head = new GetObjectMetadataRequest
        {
            BucketName = upload.Bucket, Key = upload.Key, ChecksumMode = upload.Resources.Checksums.ResponsesOnlyWhenRequired ? null : ChecksumMode.ENABLED,
        };
        RequestOptions.ApplyTo(upload.Request, head);
        GetObjectMetadataResponse found;
        try
        {
            found = await upload.Resources.S3.HeadObjectAsync(head, CallSlot.Take(upload.Lane), cancellationToken).ConfigureAwait(false);
        }
        catch (AmazonS3Exception)
        {
            // No object, or none this request may read: nothing is concluded.
            return null;
        }

        return MultipartETags.Matches(found.ETag, expected) && found.ContentLength == before.Length
            ? CompletionCheck.FromHead(upload.Bucket, upload.Key, found)
            : null;
    }
}
