using System.ComponentModel;

namespace S3TransferManager;

/// <summary>Opens an S3 object as a read-only stream whose parts are fetched in parallel and read in order.</summary>
/// <remarks>
/// Memory is bounded: at most <c>MaxInMemoryParts x PartSize</c> bytes ahead of the reader are fetched, each part
/// buffered in 64 KiB pooled chunks, so the worst case is that plus one 64 KiB buffer per connection. The part the reader is waiting for is read straight from its HTTP body, without buffering.
/// </remarks>
public sealed class TransferUtilityOpenStreamRequest : DownloadRequestBase
{
    /// <summary>The window's default: room for the part each of the default 10 connections is reading and the next one
    /// it requests in that body's last round trip, with 4 parts of slack for parts that arrive out of order.</summary>
    internal const int DefaultMaxInMemoryParts = 24;

    /// <summary>How many parts' worth of bytes (this many x <c>PartSize</c>) may be fetched ahead of the reader,
    /// counted from the first byte of the part it is reading.</summary>
    /// <value>
    /// <see langword="null"/> (as in the AWS SDK, whose null means 1,024 parts): 24, at most 192 MiB of buffers with the
    /// default 8 MiB parts, reached only when the reader falls behind. The parts that shrink toward the end of a large
    /// object take only their own length of the window, so more of them are fetched at once; the SDK's parts are all
    /// <c>PartSize</c>, so the same setting holds the same bytes there. Fewer parts than the connections in use also caps
    /// the connections; fewer than twice as many holds some early requests back until the reader moves on. Must be at
    /// least 1.
    /// </value>
    public int? MaxInMemoryParts { get; set; }

    /// <summary>The window in effect: <see cref="MaxInMemoryParts"/>, or its default when unset.</summary>
    internal int EffectiveMaxInMemoryParts => MaxInMemoryParts ?? DefaultMaxInMemoryParts;

    /// <summary>Whether the response, when it is returned, already describes the object's stored checksum
    /// (<see cref="TransferUtilityGetObjectResponseBase.ChecksumType"/>, and the value unless it is composite), as the
    /// AWS SDK's does: its first GET asks for part 1 and carries them, ours asks for a byte range, which S3 answers
    /// without them. <see langword="true"/> sends a HEAD with checksum mode before the first GET: one more round trip
    /// before the first byte. Validation then uses that HEAD's answer instead of sending its own alongside the parts.</summary>
    /// <value>Defaults to <see langword="false"/>: the checksum fields are filled in when the stored checksum is known,
    /// at the latest when the reader reaches the end of the object.</value>
    public bool ReportChecksumAtOpen { get; set; }

    /// <summary>Accepted and ignored, so code written for <c>Amazon.S3.Transfer</c> compiles: parts are always buffered
    /// in 64 KiB pooled chunks, the largest size that stays off the Large Object Heap. Hidden from IntelliSense.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public int? ChunkBufferSize { get; set; }

    internal void Validate()
    {
        ValidateObject();
        if (MaxInMemoryParts is < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxInMemoryParts), MaxInMemoryParts, "At least one part must fit in memory.");
        }
    }
}
