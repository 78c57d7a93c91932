namespace S3TransferManager.Cli.Commands;

/// <summary>
/// After a cp of one file that failed or was cancelled with resume on: what the library kept for the same command to
/// continue (a download's hidden temporary file beside the destination, an upload's open multipart upload), where it
/// is, how much of it is done, and how to resume or discard it. Read from the journals (public API), so it says only
/// what is really there.
/// </summary>
internal static class KeptForResume
{
    /// <summary>The lines to show, or null when nothing was kept (the failure discarded it, or resume was off).</summary>
    public static async Task<string?> DescribeAsync(TransferUtility utility, bool up, string local, S3Location remote)
    {
        string path = Path.GetFullPath(local);
        IReadOnlyList<ResumableTransfer> transfers;
        try
        {
            // Not the command's token: after Ctrl+C it is cancelled, and this reads local files only.
            transfers = await utility.ListResumableTransfersAsync(CancellationToken.None);
        }
        catch (IOException)
        {
            return null;
        }

        ResumableTransfer? kept = transfers.FirstOrDefault(t =>
            t.Kind == (up ? ResumableTransferKind.Upload : ResumableTransferKind.Download)
            && t.BucketName == remote.Bucket && t.Key == remote.Key && Path.GetFullPath(t.LocalPath) == path);
        if (kept is null)
        {
            return null;
        }

        string done = kept.TotalBytes < 0
            ? Units.FormatBytes(kept.CompletedBytes)
            : $"{Units.FormatBytes(kept.CompletedBytes)} of {Units.FormatBytes(kept.TotalBytes)}";
        string what = up
            ? $"s3tm: kept for a resume: multipart upload {kept.UploadId} of s3://{remote.Bucket}/{remote.Key} with {done} sent (S3 keeps its parts, and bills them, until it is completed or aborted)."
            : $"s3tm: kept for a resume: {done} fetched, in the hidden file {TemporaryFile(path)}.";
        return $"{what}\ns3tm: run the same command to resume; 's3tm resume --discard {kept.Id}' {(up ? "aborts the upload" : "deletes the file")} instead.";
    }

    /// <summary>Where a download's bytes wait: <c>.NAME.resume.s3tmp</c> beside the destination (docs/resume.md).</summary>
    private static string TemporaryFile(string destination) =>
        Path.Combine(Path.GetDirectoryName(destination)!, $".{Path.GetFileName(destination)}.resume.s3tmp");
}
