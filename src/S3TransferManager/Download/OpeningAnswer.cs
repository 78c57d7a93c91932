using S3TransferManager.Parts;

namespace S3TransferManager.Download;

/// <summary>What a download's first answer said: the object and its parts, how far the answer's body reaches
/// (<see cref="CoveredEnd"/>, the first byte after it), and how far the parts may read it on before they send their own
/// GETs (<see cref="LeadEnd"/>: no further than part 1 when the object's other parts are to be fetched in parallel at
/// once).</summary>
internal readonly record struct OpeningAnswer((DownloadTarget Target, PartLayout Layout) Described, long CoveredEnd, long LeadEnd)
{
    /// <summary>A resumed download's first answer: its first missing part, nothing more.</summary>
    public static OpeningAnswer Resumed((DownloadTarget Target, PartLayout Layout) described) => new(described, 0, 0);

    /// <summary>Whether the answer's body is the whole object, so its stored checksum (if it carries one) is the
    /// object's.</summary>
    public bool CoversObject(DownloadTarget target) => CoveredEnd >= target.TotalLength;
}
