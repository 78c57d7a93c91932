using Amazon.S3.Model;

namespace S3TransferManager.Download;

/// <summary>What a download's first GET asks for: part 1 as the uploader cut it (<see cref="PartNumber"/>), a byte
/// range, or the whole object (neither); pinned to <see cref="IfMatch"/> when set, and with the stored checksum when
/// <see cref="WithChecksum"/>.</summary>
internal readonly record struct FirstGet(ByteRange? Range, int? PartNumber, string? IfMatch, bool WithChecksum)
{
    /// <summary>The bytes it is expected to move, for its slot of the budget: the range's, or, for a part or the whole
    /// object, <paramref name="estimate"/>.</summary>
    public long ExpectedBytes(long estimate) => Range is { } range ? range.End - range.Start + 1 : estimate;
}
