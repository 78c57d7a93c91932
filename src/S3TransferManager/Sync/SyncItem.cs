namespace S3TransferManager.Sync;

/// <summary>One entry the walk found work for: what to do, why (null while checksum mode has still to compare the
/// pair), and the entries on each side (the source is null for a delete, the destination for a new entry). A delete of
/// objects carries its whole batch (<see cref="DeleteBatches"/>), the destination being the batch's first entry.</summary>
internal sealed record SyncItem(SyncAction Action, SyncReason? Reason, SyncEntry? Source, SyncEntry? Destination,
    IReadOnlyList<SyncEntry>? Batch = null)
{
    public string RelativeKey => (Source ?? Destination)!.RelativeKey;
}
