using System.Globalization;
using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Win32.SafeHandles;
using S3TransferManager.Buffering;
using S3TransferManager.Checksums;
using S3TransferManager.Multipart;
using S3TransferManager.Telemetry;
using S3TransferManager.Requests;

namespace S3TransferManager.Resume;

/// <summary>
/// Checks what an earlier run of an upload recorded before any of it is trusted: the request and the file are the same
/// (endpoint, bucket, key, path, length, the options the upload was created with); the upload still exists and holds
/// each recorded part with its ETag and size (ListParts); and each part's bytes in the file still hash to the recorded
/// checksum (the file is read again: local reads are cheap next to sending). A part that fails is sent again; a journal
/// whose request or file no longer matches, or whose upload is gone, starts a new upload (the old one is aborted).
/// </summary>
internal static class UploadJournalCheck
{
    public static async Task<UploadResumeState> RunAsync(UploadContext upload, List<byte[]> lines, UploadJournalHeader now, SafeFileHandle source,
        ChecksumAlgorithm recordAlgorithm, CancellationToken cancellationToken)
    {
        if (JournalRecords.Header(lines) is not UploadJournalHeader before)
        {
            return Fresh(now, "the journal was written by another version of the library, or is damaged: the upload starts over");
        }

        if (Mismatch(before, now) is { } why)
        {
            await AbortAsync(upload, before).ConfigureAwait(false);
            return Fresh(now, $"{why}: upload {before.UploadId} was aborted and the upload starts over");
        }

        List<UploadedPart> records = JournalRecords.LastOfEach(JournalRecords.Records(lines, JournalJson.Default.UploadedPart), p => p.Part);
        Dictionary<int, PartDetail>? listed = await ListPartsAsync(upload, before.UploadId, cancellationToken).ConfigureAwait(false);
        if (listed is null)
        {
            return await CompletedEarlierAsync(upload, before, records, source, recordAlgorithm, cancellationToken).ConfigureAwait(false)
                ?? Fresh(now, $"upload {before.UploadId} is gone (aborted, completed or expired): the upload starts over");
        }

        (List<StoredPart> parts, List<string> restarts) = await CheckRecordsAsync(upload, before, records, listed, source, recordAlgorithm,
            cancellationToken).ConfigureAwait(false);
        return new UploadResumeState(before.UploadId, before.PartSize, parts, restarts);
    }

    /// <summary>The earlier run's upload already completed into the object at the key (<see cref="CompletedUploadCheck"/>),
    /// while the file still holds every recorded part's bytes: nothing is left to send. Null otherwise.</summary>
    private static async Task<UploadResumeState?> CompletedEarlierAsync(UploadContext upload, UploadJournalHeader before, List<UploadedPart> records,
        SafeFileHandle source, ChecksumAlgorithm recordAlgorithm, CancellationToken cancellationToken)
    {
        if (await CompletedUploadCheck.FindAsync(upload, before, records, cancellationToken).ConfigureAwait(false) is not { } completed)
        {
            return null;
        }

        (List<StoredPart> parts, List<string> restarts) = await CheckRecordsAsync(upload, before, records, listed: null, source, recordAlgorithm,
            cancellationToken).ConfigureAwait(false);
        return restarts.Count == 0 ? new UploadResumeState(before.UploadId, before.PartSize, parts, [], completed) : null;
    }

    /// <summary>Each record checked against the upload and the file: the parts that can be taken over, and why each other
    /// one cannot. <paramref name="listed"/> is what ListParts says the upload holds; null when the object the upload
    /// was completed into vouches for the records' ETags (<see cref="CompletedUploadCheck"/>).</summary>
    private static async Task<(List<StoredPart> Parts, List<string> Restarts)> CheckRecordsAsync(UploadContext upload, UploadJournalHeader before,
        List<UploadedPart> records, Dictionary<int, PartDetail>? listed, SafeFileHandle source, ChecksumAlgorithm recordAlgorithm,
        CancellationToken cancellationToken)
    {
        var restarts = new List<string>();
        var parts = new List<StoredPart>();
        int partCount = PartSizer.PartCount(before.Length, before.PartSize);
        ChecksumAlgorithm? sent = upload.Request.EffectiveChecksumAlgorithm;
        foreach (UploadedPart record in records)
        {
            long start = (record.Part - 1L) * before.PartSize;
            long length = record.Part >= 1 && record.Part <= partCount ? Math.Min(before.PartSize, before.Length - start) : -1;
            bool parsed = JournalChecksum.TryParse(record.Checksum, out ChecksumAlgorithm algorithm, out string value);
            string? problem = length != record.Length ? "its record does not fit the upload"
                : listed is not null
                    && (!listed.TryGetValue(record.Part, out PartDetail? stored) || !SameETag(stored.ETag, record.ETag) || stored.Size != record.Length)
                    ? $"upload {before.UploadId} does not hold it as recorded"
                : !parsed || algorithm != recordAlgorithm ? "its recorded checksum is not the upload's"
                : !await SameBytesAsync(source, start, length, algorithm, value, cancellationToken).ConfigureAwait(false)
                    ? "its bytes in the source file changed since it was sent"
                : null;
            if (problem is not null)
            {
                restarts.Add(string.Create(CultureInfo.InvariantCulture, $"part {record.Part}: {problem}; it is sent again"));
                continue;
            }

            parts.Add(new StoredPart(UploadChecksums.ToPartETag(record.Part, record.ETag, Echoed(record, sent, listed) ? sent : null, value), length,
                sent is null ? null : value));
        }

        return (parts, restarts);
    }

    /// <summary>Whether the server echoed the checksum the part was sent with, so that CompleteMultipartUpload lists it as
    /// a fresh upload would. A record without the answer (written by an earlier version) takes it from ListParts, which
    /// lists a part's checksum where the server kept it (S3) and none where it did not (Swift, Ceph RGW 16): what the
    /// part's UploadPart answer said. With no listing (the upload was completed already, and no Complete is sent), the
    /// record's checksum is taken as echoed, as earlier versions took it.</summary>
    private static bool Echoed(UploadedPart record, ChecksumAlgorithm? sent, Dictionary<int, PartDetail>? listed) =>
        sent is not null
        && (record.Echoed ?? (listed is null || (listed.TryGetValue(record.Part, out PartDetail? stored) && UploadChecksums.Echoed(sent, stored))));

    /// <summary>Why the journal is not this request's upload; null when it is.</summary>
    private static string? Mismatch(UploadJournalHeader before, UploadJournalHeader now) =>
        before.Endpoint != now.Endpoint || before.Bucket != now.Bucket || before.Key != now.Key || before.Source != now.Source
            ? "the journal is another request's"
        : before.Length != now.Length
            ? string.Create(CultureInfo.InvariantCulture, $"the source file's length changed from {before.Length} to {now.Length} bytes")
        : before.Options != now.Options || before.ChecksumAlgorithm != now.ChecksumAlgorithm
            ? "the request's options (content type, metadata, encryption, checksum...) changed"
        : before.PartSize < TransferLimits.MinPartSize || string.IsNullOrEmpty(before.UploadId)
            ? "the journal's upload is not one this library can continue"
        : null;

    private static UploadResumeState Fresh(UploadJournalHeader now, string why) => new(null, now.PartSize, [], [why]);

    private static bool SameETag(string? a, string? b) => string.Equals(a?.Trim('"'), b?.Trim('"'), StringComparison.Ordinal);

    private static async Task<bool> SameBytesAsync(SafeFileHandle source, long start, long length, ChecksumAlgorithm algorithm, string expected,
        CancellationToken cancellationToken)
    {
        if (start + length > RandomAccess.GetLength(source))
        {
            return false;
        }

        using var part = new FileRegionStream(source, start, length);
        return await ChecksumHasher.ComputeAsync(algorithm, part, cancellationToken).ConfigureAwait(false) == expected;
    }

    /// <summary>The upload's parts by number (ListParts, every page, each in its turn of the budget); null when the
    /// upload no longer exists.</summary>
    private static async Task<Dictionary<int, PartDetail>?> ListPartsAsync(UploadContext upload, string uploadId, CancellationToken cancellationToken)
    {
        var parts = new Dictionary<int, PartDetail>();
        var request = new ListPartsRequest
        {
            BucketName = upload.Bucket,
            Key = upload.Key,
            UploadId = uploadId,
            ExpectedBucketOwner = upload.Request.ExpectedBucketOwner,
            RequestPayer = upload.Request.RequestPayer,
        };
        while (true)
        {
            ListPartsResponse page;
            try
            {
                page = await upload.Resources.S3.ListPartsAsync(request, CallSlot.Take(upload.Lane), cancellationToken).ConfigureAwait(false);
            }
            catch (AmazonS3Exception e) when (e.StatusCode == HttpStatusCode.NotFound || e.ErrorCode == "NoSuchUpload")
            {
                return null;
            }

            foreach (PartDetail part in page.Parts ?? [])
            {
                if (part.PartNumber is { } number)
                {
                    parts[number] = part;
                }
            }

            if (page.IsTruncated != true || page.NextPartNumberMarker is null)
            {
                return parts;
            }

            request.PartNumberMarker = page.NextPartNumberMarker.Value.ToString(CultureInfo.InvariantCulture);
        }
    }

    /// <summary>Aborts the journal's upload, which this request will not continue: bounded, and its failure only
    /// logged (AbortMultipartUploads still finds the upload if this does not).</summary>
    private static async Task AbortAsync(UploadContext upload, UploadJournalHeader before)
    {
        TransferResources resources = upload.Resources;
        using var limit = new CancellationTokenSource(resources.Tuning.FailureWaitLimit, resources.TimeProvider);
        try
        {
            var abort = new AbortMultipartUploadRequest { BucketName = before.Bucket, Key = before.Key, UploadId = before.UploadId };
            RequestOptions.ApplyTo(upload.Request, abort);
            await resources.S3.AbortMultipartUploadAsync(abort, CallSlot.None, limit.Token).ConfigureAwait(false);
            Log.MultipartAborted(resources.Logger, before.Bucket, before.Key, before.UploadId);
        }
        catch (Exception e) when (e is AmazonS3Exception or OperationCanceledException or IOException or HttpRequestException)
        {
            Log.AbortFailed(resources.Logger, before.Bucket, before.Key, before.UploadId, e);
        }
    }
}
