namespace S3TransferManager;

/// <summary>The settings of resumable transfers (see <see cref="ResumeTransfers"/> and docs/resume.md).</summary>
public sealed partial class TransferUtilityConfig
{
    /// <summary>
    /// Whether a transfer that is interrupted (the process killed, the machine restarted, the network lost, a
    /// cancellation) is resumed by the next identical request, at part granularity. While it runs, an upload from a file
    /// or a download to a file larger than one part keeps a journal of the parts done; the next request for the same
    /// file and object checks that journal (the file's identity and each completed part's checksum, the upload's parts
    /// by ListParts or the object's ETag by If-Match) and sends or fetches only the parts missing. Anything that no
    /// longer matches is transferred again, never mixed in: the response's <c>ResumeRestarts</c> says what and why, and
    /// <c>ResumedBytes</c> how much was not moved again. Directory transfers also skip the objects an earlier run finished.
    /// A user's cancellation and errors a retry may cure (network, 5xx, stalls) keep the journal, the temporary file and
    /// the multipart upload; any other error ends the transfer as it does with this off. Uploads from streams and
    /// OpenStream never resume. See <see cref="TransferUtility.ListResumableTransfersAsync"/> to list what can be resumed and
    /// <see cref="TransferUtility.DiscardResumableTransferAsync"/> to give it up.
    /// </summary>
    /// <value><see langword="false"/>, as on the AWS SDK: a failed or cancelled transfer leaves nothing behind (no
    /// temporary file, no open multipart upload) and nothing is written outside the destination. On, an interrupted
    /// transfer keeps its multipart upload open (S3 bills the stored parts until the upload is resumed, discarded,
    /// expired here or aborted by <see cref="TransferUtility.AbortMultipartUploadsAsync(string, DateTime, CancellationToken)"/>)
    /// and its temporary file beside the destination: a trade for the caller to choose. The s3tm tool turns it on.</value>
    public bool ResumeTransfers { get; set; }

    /// <summary>The folder of the journals of uploads and directory transfers, and of the index of download journals
    /// kept beside their files (so that every resumable transfer can be listed). Created when first needed.</summary>
    /// <value><see langword="null"/>: <c>S3TransferManager/journals</c> under the user's local application data folder
    /// (<see cref="Environment.SpecialFolder.LocalApplicationData"/>: <c>~/.local/share</c> on Linux,
    /// <c>%LOCALAPPDATA%</c> on Windows), or under the temporary folder when there is none.</value>
    public string? ResumeJournalFolder { get; set; }

    /// <summary>The folder of download journals.</summary>
    /// <value><see langword="null"/>: each beside the download's temporary file, in the destination's folder, as
    /// <c>.NAME.s3tm-journal</c> (the temporary file is <c>.NAME.resume.s3tmp</c>).</value>
    public string? DownloadJournalFolder { get; set; }

    /// <summary>How long a journal may go unused before it is discarded (its multipart upload aborted, its temporary
    /// file deleted): checked when a utility with <see cref="ResumeTransfers"/> on first runs a transfer, and when it
    /// lists resumable transfers.</summary>
    /// <value>7 days. <see cref="Timeout.InfiniteTimeSpan"/> keeps journals until they are used or discarded.</value>
    public TimeSpan ResumeJournalExpiry { get; set; } = TimeSpan.FromDays(7);

    /// <summary>Where upload and directory journals go when <see cref="ResumeJournalFolder"/> is not set.</summary>
    internal static string DefaultResumeJournalFolder
    {
        get
        {
            string root = Environment.GetFolderPath(Environment.SpecialFolder.LocalApplicationData, Environment.SpecialFolderOption.DoNotVerify);
            return Path.Combine(string.IsNullOrEmpty(root) ? Path.GetTempPath() : root, "S3TransferManager", "journals");
        }
    }

    private void ValidateResume()
    {
        if (ResumeJournalExpiry <= TimeSpan.Zero && ResumeJournalExpiry != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(ResumeJournalExpiry), ResumeJournalExpiry, "The journal expiry must be positive, or Timeout.InfiniteTimeSpan.");
        }

        if (ResumeJournalFolder is not null && string.IsNullOrWhiteSpace(ResumeJournalFolder))
        {
            throw new ArgumentException("The resume journal folder must be a path, or null for the default.", nameof(ResumeJournalFolder));
        }

        if (DownloadJournalFolder is not null && string.IsNullOrWhiteSpace(DownloadJournalFolder))
        {
            throw new ArgumentException("The download journal folder must be a path, or null to keep journals beside their files.", nameof(DownloadJournalFolder));
        }
    }

    private void CopyResumeTo(TransferUtilityConfig copy)
    {
        copy.ResumeTransfers = ResumeTransfers;
        copy.ResumeJournalFolder = ResumeJournalFolder is null ? null : Path.GetFullPath(ResumeJournalFolder);
        copy.DownloadJournalFolder = DownloadJournalFolder is null ? null : Path.GetFullPath(DownloadJournalFolder);
        copy.ResumeJournalExpiry = ResumeJournalExpiry;
    }
}
