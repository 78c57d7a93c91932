namespace S3TransferManager.Buffering;

/// <summary>The state of one part inside the window of a <see cref="PartBufferManager"/>; guarded by its lock.</summary>
/// <remarks>Invariant: <see cref="PartNumber"/> is 0 for an undelivered part, and at most one of
/// <see cref="Buffered"/> and <see cref="Live"/> is set, only until the reader takes it.</remarks>
internal struct PartSlot
{
    /// <summary>The part delivered into this slot (claimed when its delivery starts), or 0.</summary>
    public int PartNumber;

    /// <summary>The part's bytes, buffered because it arrived before the reader needed it.</summary>
    public ChunkedBufferStream? Buffered;

    /// <summary>The part's live body, handed over because the reader needs it now.</summary>
    public LivePart? Live;

    /// <summary>The body being read into chunks, until they are published.</summary>
    public Stream? Filling;

    /// <summary>Gives <see cref="Filling"/>'s request slot back when the reader comes to wait for it; taken (set to
    /// null) when called, so it is called at most once.</summary>
    public Action<Stream>? ReaderWaiting;
}
