namespace S3TransferManager.Upload;

/// <summary>
/// A part's request body as the SDK reads it: the part's own seekable stream, plus one call of <c>onSent</c> when the
/// pass that sends it reaches the end, that is, when the request has nothing left to write and waits for S3's answer.
/// The SDK may read a body more than once: over plain HTTP it reads it once to hash it for the signature before it
/// sends it (<c>passesBeforeSent</c> = 2); a retry reads it again, which signals nothing more. Seeking back starts a
/// new pass. Disposing leaves the part's stream open: <see cref="PartBody"/>'s owner disposes that.
/// </summary>
internal sealed class SentBodyStream(Stream part, int passesBeforeSent, Action onSent) : Stream
{
    // Passes that reached the end so far.
    private int _passesEnded;

    public override bool CanRead => true;

    public override bool CanSeek => true;

    public override bool CanWrite => false;

    public override long Length => part.Length;

    public override long Position
    {
        get => part.Position;
        set => part.Position = value;
    }

    public override int Read(byte[] buffer, int offset, int count) => Counted(part.Read(buffer, offset, count));

    public override int Read(Span<byte> buffer) => Counted(part.Read(buffer));

    public override async Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        Counted(await part.ReadAsync(buffer.AsMemory(offset, count), cancellationToken).ConfigureAwait(false));

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        Counted(await part.ReadAsync(buffer, cancellationToken).ConfigureAwait(false));

    public override long Seek(long offset, SeekOrigin origin) => part.Seek(offset, origin);

    public override void Flush()
    {
    }

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    private int Counted(int read)
    {
        // The read that brings the position to the end ends the pass; a zero-byte read at the end ends none.
        if (read > 0 && part.Position >= part.Length && ++_passesEnded == passesBeforeSent)
        {
            onSent();
        }

        return read;
    }
}
