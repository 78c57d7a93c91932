namespace S3TransferManager.Buffering;

/// <summary>A part handed to the reader as its live body, with no buffering, while its producer waits.</summary>
/// <remarks>Invariants: once taken by the reader, <see cref="Body"/> is read and disposed only by the reader (or by
/// <see cref="PartBufferManager.Dispose"/>); <see cref="Consumed"/> completes once, when the reader has read all
/// <see cref="Remaining"/> bytes or the manager stopped, releasing the producer.</remarks>
internal sealed class LivePart
{
    public LivePart(int partNumber, Stream body, long length)
    {
        PartNumber = partNumber;
        Body = body;
        Length = length;
        Remaining = length;
    }

    public int PartNumber { get; }

    public Stream Body { get; }

    public long Length { get; }

    /// <summary>The bytes of the part the reader has not read yet. Reader-owned.</summary>
    public long Remaining { get; set; }

    /// <summary>Completes when the producer is released: the part was read to its end, or the manager stopped.</summary>
    public TaskCompletionSource Consumed { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
}
