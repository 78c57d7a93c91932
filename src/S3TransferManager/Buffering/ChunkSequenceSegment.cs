using System.Buffers;

namespace S3TransferManager.Buffering;

/// <summary>One chunk of a <see cref="ChunkedBufferStream"/> as a <see cref="ReadOnlySequence{T}"/> segment.</summary>
/// <remarks>Invariant: <see cref="ReadOnlySequenceSegment{T}.RunningIndex"/> is the sum of the lengths of the
/// segments before this one. The segment borrows the chunk; it never returns it to a pool.</remarks>
internal sealed class ChunkSequenceSegment : ReadOnlySequenceSegment<byte>
{
    public ChunkSequenceSegment(ReadOnlyMemory<byte> memory)
    {
        Memory = memory;
    }

    /// <summary>Links a new segment after this one and returns it.</summary>
    public ChunkSequenceSegment Append(ReadOnlyMemory<byte> memory)
    {
        var next = new ChunkSequenceSegment(memory) { RunningIndex = RunningIndex + Memory.Length };
        Next = next;
        return next;
    }
}
