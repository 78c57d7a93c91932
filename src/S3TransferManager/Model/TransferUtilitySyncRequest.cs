using Amazon.S3;

namespace S3TransferManager;

/// <summary>
/// Makes a destination (a local folder or a prefix) hold what a source (a local folder or a prefix) holds, copying only
/// what differs, as <c>aws s3 sync</c> does: local to S3 (uploads), S3 to local (downloads), or S3 to S3 (server-side
/// copies). Set exactly one of <see cref="SourceDirectory"/> and <see cref="SourceBucket"/>, and one of
/// <see cref="DestinationDirectory"/> and <see cref="DestinationBucket"/>.
/// </summary>
public sealed class TransferUtilitySyncRequest
{
    /// <summary>The local folder to sync from.</summary>
    public string? SourceDirectory { get; set; }

    /// <summary>The bucket to sync from.</summary>
    public string? SourceBucket { get; set; }

    /// <summary>The prefix to sync from; a prefix that does not end in '/' gets one, so "logs" means the folder logs/.</summary>
    /// <value><see langword="null"/>: the whole bucket.</value>
    public string? SourcePrefix { get; set; }

    /// <summary>The local folder to sync into; created when missing.</summary>
    public string? DestinationDirectory { get; set; }

    /// <summary>The bucket to sync into.</summary>
    public string? DestinationBucket { get; set; }

    /// <summary>The prefix to sync into; a prefix that does not end in '/' gets one.</summary>
    /// <value><see langword="null"/>: the bucket's root.</value>
    public string? DestinationPrefix { get; set; }

    /// <summary>Whether destination entries missing at the source are deleted (as the AWS CLI's --delete). Entries the
    /// <see cref="Filters"/> exclude are never deleted. Objects are deleted with DeleteObjects, up to 1,000 keys a
    /// request; a key S3 could not delete is a failed entry of its own.</summary>
    /// <value><see langword="false"/>.</value>
    public bool Delete { get; set; }

    /// <summary>Whether to only report, through <see cref="SyncObjectEvent"/> and the response's counts, what would be
    /// done, changing nothing (as the AWS CLI's --dryrun). Listings, and under <see cref="CompareChecksums"/> HEADs and
    /// local checksums, are still read.</summary>
    /// <value><see langword="false"/>.</value>
    public bool DryRun { get; set; }

    /// <summary>For downloads: copy a same-sized object unless its LastModified equals the local file's modification
    /// time exactly (as the AWS CLI's --exact-timestamps). Without it a same-sized object is downloaded only when the
    /// local file is newer. Uploads and S3 to S3 copies compare times the same way either way.</summary>
    /// <value><see langword="false"/>.</value>
    public bool ExactTimestamps { get; set; }

    /// <summary>Decide by content instead of modification time: a same-sized pair is skipped only when the checksum S3
    /// stores (CRC64NVME, CRC32, CRC32C, SHA1 or SHA256) equals one of the same algorithm computed over the local file
    /// (or, S3 to S3, the other object's full-object checksum). The HEAD that reads the stored value is sent only when
    /// the listing says the object has a checksum and the sizes match, and the local file is read only then. A composite
    /// (multipart) checksum is compared in the part layout GetObjectAttributes lists. A pair whose checksums cannot be
    /// compared (no checksum stored, a composite one whose parts S3 does not list, different algorithms) is copied,
    /// with <see cref="SyncReason.ChecksumNotComparable"/>.</summary>
    /// <value><see langword="false"/>: size and modification time, as the AWS CLI decides.</value>
    public bool CompareChecksums { get; set; }

    /// <summary>Include and exclude rules, applied in order to each entry's path below its root on both sides; the last
    /// matching rule wins and an entry no rule matches is included, as the AWS CLI's --include and --exclude do.</summary>
    public IList<SyncFilterRule> Filters { get; } = new List<SyncFilterRule>();

    /// <summary>Which of <see cref="ShardCount"/> shards this sync handles, from 0: only entries whose relative key
    /// (the path below the root, '/' separated) hashes to this shard are compared, copied or deleted. The hash (XxHash64
    /// of the key's UTF-8 bytes) is the same on every machine, so <see cref="ShardCount"/> processes given indexes 0 to
    /// <see cref="ShardCount"/> - 1 split one sync between them, each key handled by exactly one.</summary>
    /// <value>0.</value>
    public int ShardIndex { get; set; }

    /// <summary>How many shards the sync is split into; see <see cref="ShardIndex"/>.</summary>
    /// <value>1: this sync handles every key.</value>
    public int ShardCount { get; set; } = 1;

    /// <summary>What to do when one entry fails.</summary>
    /// <value><see cref="S3TransferManager.FailurePolicy.AbortOnFailure"/>.</value>
    public FailurePolicy FailurePolicy { get; set; } = FailurePolicy.AbortOnFailure;

    /// <summary>The account that must own the buckets; sent on every request.</summary>
    public string? ExpectedBucketOwner { get; set; }

    /// <summary>Set to <see cref="RequestPayer.Requester"/> to sync with a requester-pays bucket.</summary>
    public RequestPayer? RequestPayer { get; set; }

    /// <summary>Raised for each entry uploaded, downloaded, copied or deleted (in a dry run: that would be), after it is
    /// done, on the thread that did it. Unchanged entries raise nothing.</summary>
    public event EventHandler<SyncObjectEventArgs>? SyncObjectEvent;

    /// <summary>Raised for each entry that failed, with its error.</summary>
    public event EventHandler<SyncObjectEventArgs>? SyncObjectFailedEvent;

    internal void OnObject(SyncObjectEventArgs args) => SyncObjectEvent?.Invoke(this, args);

    internal void OnObjectFailed(SyncObjectEventArgs args) => SyncObjectFailedEvent?.Invoke(this, args);

    internal void Validate()
    {
        if ((SourceDirectory is null) == (SourceBucket is null))
        {
            throw new ArgumentException("Set exactly one of SourceDirectory and SourceBucket.", nameof(SourceBucket));
        }

        if ((DestinationDirectory is null) == (DestinationBucket is null))
        {
            throw new ArgumentException("Set exactly one of DestinationDirectory and DestinationBucket.", nameof(DestinationBucket));
        }

        if (SourceDirectory is not null && DestinationDirectory is not null)
        {
            throw new ArgumentException("A sync needs a bucket on at least one side; local to local is not supported.", nameof(DestinationDirectory));
        }

        ArgumentException.ThrowIfNullOrWhiteSpace(SourceDirectory ?? SourceBucket, SourceDirectory is null ? nameof(SourceBucket) : nameof(SourceDirectory));
        ArgumentException.ThrowIfNullOrWhiteSpace(DestinationDirectory ?? DestinationBucket,
            DestinationDirectory is null ? nameof(DestinationBucket) : nameof(DestinationDirectory));
        if (ShardCount < 1 || ShardIndex < 0 || ShardIndex >= ShardCount)
        {
            throw new ArgumentOutOfRangeException(nameof(ShardIndex), $"Shard {ShardIndex} of {ShardCount}: the count must be at least 1 and the index from 0 to count - 1.");
        }

        if (SourceDirectory is not null && !System.IO.Directory.Exists(SourceDirectory))
        {
            throw new DirectoryNotFoundException($"The source folder '{SourceDirectory}' does not exist.");
        }

        if (SourceBucket is not null && SourceBucket == DestinationBucket && Overlap(Sync.SyncSide.S3(SourceBucket, SourcePrefix).Prefix,
            Sync.SyncSide.S3(DestinationBucket, DestinationPrefix).Prefix))
        {
            // One listing would find the other's entries: copies would be listed as sources, or sources deleted as extras.
            throw new ArgumentException("The source and destination prefixes of the same bucket overlap.", nameof(DestinationPrefix));
        }
    }

    private static bool Overlap(string a, string b) => a.StartsWith(b, StringComparison.Ordinal) || b.StartsWith(a, StringComparison.Ordinal);
}
