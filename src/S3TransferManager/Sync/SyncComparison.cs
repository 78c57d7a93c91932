namespace S3TransferManager.Sync;

/// <summary>
/// Whether a source entry that exists at the destination too must be copied over it, by size and modification time,
/// as <c>aws s3 sync</c> decides (its SizeAndLastModifiedSync and ExactTimestampsSync strategies): a different size
/// always copies; for an upload or an S3 to S3 copy, a source modified later than the destination copies; for a
/// download, a local file modified later than the object copies (after a download the file is given the object's
/// LastModified, so an unchanged pair compares equal), and under exact timestamps any difference does. The listing's
/// LastModified is what S3 recorded when the object was written, so after an upload or copy the destination is the
/// newer one and a second sync finds nothing to do.
/// </summary>
internal static class SyncComparison
{
    /// <returns>Why the source must be copied, or null when the destination is up to date.</returns>
    public static SyncReason? Decide(SyncAction transfer, SyncEntry source, SyncEntry destination, bool exactTimestamps)
    {
        if (source.Size != destination.Size)
        {
            return SyncReason.SizeDiffers;
        }

        TimeSpan destinationAhead = destination.LastModified - source.LastModified;
        if (transfer != SyncAction.Download)
        {
            return destinationAhead < TimeSpan.Zero ? SyncReason.SourceNewer : null;
        }

        if (exactTimestamps)
        {
            return destinationAhead != TimeSpan.Zero ? SyncReason.TimestampsDiffer : null;
        }

        return destinationAhead > TimeSpan.Zero ? SyncReason.DestinationNewer : null;
    }
}
