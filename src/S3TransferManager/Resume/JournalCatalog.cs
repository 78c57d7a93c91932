using System.Net;
using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Telemetry;
using S3TransferManager.Requests;

namespace S3TransferManager.Resume;

/// <summary>
/// Every journal of a utility's folders, as <see cref="ResumableTransfer"/>s: listed, discarded (the upload aborted,
/// the temporary file deleted, the journal deleted), and expired (discarded once unused past
/// <see cref="TransferUtilityConfig.ResumeJournalExpiry"/>). A journal held by a running transfer is neither listed nor
/// touched.
/// </summary>
internal sealed class JournalCatalog(TransferResources resources, JournalPaths paths)
{
    public IReadOnlyList<ResumableTransfer> List()
    {
        var transfers = new List<ResumableTransfer>();
        foreach ((string journal, string? index) in Locations())
        {
            if (Describe(journal, index) is { } transfer)
            {
                transfers.Add(transfer);
            }
        }

        return [.. transfers.OrderBy(t => t.LastUpdated)];
    }

    /// <summary>Gives <paramref name="transfer"/> up: aborts its upload, deletes its temporary file and its journal.
    /// False when a running transfer holds the journal.</summary>
    /// <exception cref="InvalidOperationException">The journal is of an upload started against another endpoint: its
    /// multipart upload cannot be aborted from here, so nothing is discarded.</exception>
    public async Task<bool> DiscardAsync(ResumableTransfer transfer, string reason, CancellationToken cancellationToken)
    {
        using (JournalFile? file = JournalFile.TryOpen(transfer.JournalPath, out List<byte[]> lines, out bool inUse))
        {
            if (inUse)
            {
                return false;
            }

            switch (JournalRecords.Header(lines))
            {
                case UploadJournalHeader upload when !IsHere(upload):
                    // Aborting through this endpoint would miss it, and deleting the journal would leave it open unseen.
                    throw new InvalidOperationException(
                        $"The upload {transfer.Id} (s3://{upload.Bucket}/{upload.Key}) was started against {upload.Endpoint}, and this utility talks to "
                        + $"{paths.Endpoint}: discard it with a utility for that endpoint, so that its multipart upload is aborted there.");
                case UploadJournalHeader upload:
                    await AbortAsync(upload, cancellationToken).ConfigureAwait(false);
                    break;
                case DownloadJournalHeader download when download.TempFile.EndsWith(JournalPaths.TempSuffix, StringComparison.Ordinal):
                    // Only a file this library names so: a journal is never the way to delete another file.
                    File.Delete(download.TempFile);
                    break;
            }

            file?.Delete();
        }

        if (transfer.IndexEntryPath is { } index)
        {
            File.Delete(index);
        }

        Log.JournalDiscarded(resources.Logger, transfer.JournalPath, reason);
        return true;
    }

    /// <summary>Discards every journal unused past the expiry, and index entries whose journal is gone. Never throws:
    /// what cannot be discarded now is logged and tried again next time.</summary>
    public async Task ExpireAsync(CancellationToken cancellationToken)
    {
        TimeSpan expiry = resources.Config.ResumeJournalExpiry;
        DateTimeOffset now = resources.TimeProvider.GetUtcNow();
        foreach ((string journal, string? index) in Locations())
        {
            try
            {
                if (!File.Exists(journal))
                {
                    if (index is not null)
                    {
                        File.Delete(index);
                    }

                    continue;
                }

                // An upload of another endpoint waits for a utility of that endpoint, which can abort it.
                if (expiry != Timeout.InfiniteTimeSpan && now - File.GetLastWriteTimeUtc(journal) > expiry && Describe(journal, index) is { } transfer
                    && (transfer.Kind != ResumableTransferKind.Upload || transfer.Endpoint == paths.Endpoint))
                {
                    await DiscardAsync(transfer, $"unused for more than {expiry}", cancellationToken).ConfigureAwait(false);
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or AmazonServiceException)
            {
                Log.JournalDiscardFailed(resources.Logger, journal, e);
            }
        }
    }

    /// <summary>Every journal's path, with the index entry that named it when it is kept beside its file.</summary>
    private IEnumerable<(string Journal, string? Index)> Locations()
    {
        var folders = new List<string> { paths.ResumeFolder };
        if (resources.Config.DownloadJournalFolder is { } downloads && !string.Equals(downloads, paths.ResumeFolder, StringComparison.Ordinal))
        {
            folders.Add(downloads);
        }

        foreach (string folder in folders.Where(Directory.Exists))
        {
            foreach (string journal in Directory.EnumerateFiles(folder, "*" + JournalPaths.Extension))
            {
                yield return (journal, null);
            }
        }

        if (!Directory.Exists(paths.ResumeFolder))
        {
            yield break;
        }

        foreach (string index in Directory.EnumerateFiles(paths.ResumeFolder, "*" + JournalPaths.IndexExtension))
        {
            string? journal = ReadIndex(index);
            if (journal is not null)
            {
                yield return (journal, index);
            }
        }
    }

    private static string? ReadIndex(string index)
    {
        try
        {
            string journal = File.ReadAllText(index).Trim();
            return journal.Length > 0 ? journal : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>The transfer a journal describes; null when it cannot be read now (held by a running transfer, gone,
    /// or not a journal this library reads).</summary>
    private static ResumableTransfer? Describe(string journal, string? index)
    {
        if (!JournalFile.TryRead(journal, out List<byte[]> lines))
        {
            return null;
        }

        string id = Path.GetFileName(index ?? journal);
        id = id[..id.IndexOf(".s3tm-journal", StringComparison.Ordinal)].TrimStart('.');
        var updated = new DateTimeOffset(File.GetLastWriteTimeUtc(journal), TimeSpan.Zero);
        return JournalRecords.Header(lines) switch
        {
            UploadJournalHeader upload => new ResumableTransfer(id, ResumableTransferKind.Upload, upload.Bucket, upload.Key, upload.Source,
                upload.UploadId, upload.Length, Latest(JournalRecords.Records(lines, JournalJson.Default.UploadedPart), p => p.Part, p => p.Length),
                updated, journal, index, upload.Endpoint),
            DownloadJournalHeader download => new ResumableTransfer(id, ResumableTransferKind.Download, download.Bucket, download.Key,
                download.Destination, null, download.Size,
                Latest(JournalRecords.Records(lines, JournalJson.Default.DownloadedPart), p => p.Part, p => p.Length), updated, journal, index,
                download.Endpoint),
            DirectoryJournalHeader directory => new ResumableTransfer(id,
                directory.Upload ? ResumableTransferKind.UploadDirectory : ResumableTransferKind.DownloadDirectory, directory.Bucket, directory.Prefix,
                directory.LocalRoot, null, -1,
                Latest(JournalRecords.Records(lines, JournalJson.Default.FinishedObject), f => f.Key, f => f.Length, StringComparer.Ordinal), updated,
                journal, index, directory.Endpoint),
            _ => null,
        };
    }

    /// <summary>The bytes of the records, each key counted once (its last record).</summary>
    private static long Latest<T, TKey>(List<T> records, Func<T, TKey> key, Func<T, long> length, IComparer<TKey>? order = null)
        where TKey : notnull => JournalRecords.LastOfEach(records, key, order).Sum(length);

    private bool IsHere(JournalHeader header) => string.Equals(header.Endpoint, paths.Endpoint, StringComparison.Ordinal);

    private async Task AbortAsync(UploadJournalHeader upload, CancellationToken cancellationToken)
    {
        using var timeout = new CancellationTokenSource(resources.Tuning.FailureWaitLimit, resources.TimeProvider);
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, timeout.Token);
        try
        {
            await resources.S3.AbortMultipartUploadAsync(
                new AbortMultipartUploadRequest { BucketName = upload.Bucket, Key = upload.Key, UploadId = upload.UploadId }, CallSlot.None, limit.Token)
                .ConfigureAwait(false);
            Log.MultipartAborted(resources.Logger, upload.Bucket, upload.Key, upload.UploadId);
        }
        catch (AmazonS3Exception e) when (e.StatusCode == HttpStatusCode.NotFound)
        {
            // Already gone: completed, aborted or expired by S3.
        }
    }
}
