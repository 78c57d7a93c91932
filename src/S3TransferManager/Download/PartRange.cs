namespace S3TransferManager.Download;

/// <summary>One part of a download: its number and its bytes in the object.</summary>
/// <param name="Number">The part's number, from 1.</param>
/// <param name="Start">Its first byte.</param>
/// <param name="End">Its last byte (inclusive); <paramref name="Start"/> - 1 for an empty part.</param>
internal readonly record struct PartRange(int Number, long Start, long End)
{
    public long Length => End - Start + 1;
}
