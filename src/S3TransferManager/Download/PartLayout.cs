namespace S3TransferManager.Download;

/// <summary>How an object of a known length splits into ranged parts, numbered from 1.
/// Invariant: every part but the last is exactly <see cref="PartSize"/> bytes; an empty object has one empty part.</summary>
internal readonly record struct PartLayout(long TotalLength, long PartSize)
{
    public int PartCount => TotalLength == 0 ? 1 : checked((int)((TotalLength + PartSize - 1) / PartSize));

    public long StartOf(int partNumber) => (partNumber - 1) * PartSize;

    /// <summary>The inclusive last byte of a part.</summary>
    public long EndOf(int partNumber) => Math.Min(partNumber * PartSize, TotalLength) - 1;

    public long LengthOf(int partNumber) => EndOf(partNumber) - StartOf(partNumber) + 1;
}
