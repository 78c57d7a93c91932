namespace S3TransferManager.Resume;

/// <summary>A download to a file: the object's version, how it is cut into parts, and where the parts are written.</summary>
internal sealed record DownloadJournalHeader : JournalHeader
{
    public required string Key { get; init; }

    /// <summary>The version the request named, if any.</summary>
    public string? VersionId { get; init; }

    /// <summary>The ETag every part was fetched with (If-Match): the next run's parts carry it too.</summary>
    public required string ETag { get; init; }

    public long Size { get; init; }

    /// <summary>The layout's inputs (<see cref="Parts.PartLayout"/>): with the size they rebuild it exactly.</summary>
    public long PartSize { get; init; }

    public int TailWidth { get; init; }

    public long MaxHeadPartSize { get; init; }

    /// <summary>Part 1's length (0 in journals that predate it: <see cref="PartSize"/>).</summary>
    public long FirstPartLength { get; init; }

    /// <summary>The layout's part count, to check the rebuilt layout against.</summary>
    public int PartCount { get; init; }

    /// <summary>The destination's full path.</summary>
    public required string Destination { get; init; }

    /// <summary>The temporary file beside the destination that holds the parts written so far.</summary>
    public required string TempFile { get; init; }
}
