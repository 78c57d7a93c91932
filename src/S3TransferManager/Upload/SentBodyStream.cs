namespace S3TransferManager.Upload;

/// <summary>
/// A part's request body as the SDK reads it: the part's own seekable stream, plus one call of <c>onSent</c> when the
/// pass that sends it reaches the end, that is, when the request has nothing left to write and waits for S3's answer,
/// and <c>onBytesSent</c> as the bytes go out (progress while a part is sent, as the AWS SDK reports it, rather than a
/// part at a time; the automatic request budget measures throughput from it). The SDK may read a body more than once: over
/// plain HTTP it reads it once to hash it for the signature before it sends it (<c>passesBeforeSent</c> = 2), which
/// counts no bytes; a retry reads it again, which signals nothing more and counts only bytes past the furthest sent.
/// Seeking back starts a new pass. Disposing leaves the part's stream open: <see cref="PartBody"/>'s owner disposes that.
/// </summary>
internal sealed class SentBodyStream(Stream part, int passesBeforeSent, Action onSent, Action<long>? onBytesSent = null) : Stream
{
    // Passes that reached the end so far.
    private int _passesEnded;

    // The furthest position reached by a sending pass: the bytes counted through onBytesSent.
    private long _sent;

    /// <summary>The bytes counted as sent so far (through <c>onBytesSent</c>), at most the part's length.</summary>
    public long BytesSent => _sent;

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
        if (read <= 0)
        {
            // A zero-byte read at the end ends no pass.
            return read;
        }

        long position = part.Position;
        if (_passesEnded >= passesBeforeSent - 1 && position > _sent)
        {
            long step = position - _sent;
            _sent = position;
            onBytesSent?.Invoke(step);
        }

        // The read that brings the position to the end ends the pass.
        if (position >= part.Length && ++_passesEnded == passesBeforeSent)
        {
            onSent();
        }

        return read;
    }
}
