using S3TransferManager.Buffering;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Upload;

/// <summary>
/// A part's request body as the SDK reads it: the part's own seekable stream, plus one call of <c>onSent</c> when the
/// pass that sends it reaches the end, that is, when the request has nothing left to write and waits for S3's answer,
/// and <c>onBytesSent</c> as the bytes go out (progress while a part is sent, as the AWS SDK reports it, rather than a
/// part at a time; the automatic request budget measures throughput from it). The SDK may read a body more than once: over
/// plain HTTP it reads it once to hash it for the signature before it sends it (<c>passesBeforeSent</c> = 2), which
/// counts no bytes; a retry reads it again, which signals nothing more and counts only bytes past the furthest sent.
/// Seeking back starts a new pass. Disposing leaves the part's stream open: <see cref="PartBody"/>'s owner disposes that.
/// A <see cref="RequestWatch"/>, when given, hears of every read (progress) and of every sending pass that reaches the
/// end (the attempt now waits for its answer), so a body that stops being sent is taken for a stall. A later attempt
/// at the same part passes the bytes counted so far (<paramref name="alreadySent"/>), so progress counts them once.
/// With a <c>bandwidth</c> cap, a pass that sends holds each read's bytes until the cap lets them through (the SDK sends
/// with ReadAsync, so the wait holds no thread); a pass that only hashes is not held.
/// </summary>
internal sealed class SentBodyStream(Stream part, int passesBeforeSent, Action onSent, Action<long>? onBytesSent = null, RequestWatch? watch = null,
    long alreadySent = 0, BandwidthLimiter? bandwidth = null) : ReadOnlyStream
{
    // Passes that reached the end so far.
    private int _passesEnded;

    // The furthest position reached by a sending pass (or by an earlier attempt): the bytes counted through onBytesSent.
    private long _sent = alreadySent;

    /// <summary>The bytes counted as sent so far (through <c>onBytesSent</c>), at most the part's length.</summary>
    public long BytesSent => _sent;

    public override bool CanSeek => true;

    public override long Length => part.Length;

    public override long Position
    {
        get => part.Position;
        set => part.Position = value;
    }

    /// <summary>Whether this pass's reads wait for the bandwidth cap: there is one, and the pass sends.</summary>
    private bool Paced => bandwidth is not null && _passesEnded >= passesBeforeSent - 1;

    public override int Read(Span<byte> buffer)
    {
        if (!Paced)
        {
            return Counted(part.Read(buffer));
        }

        int read = part.Read(buffer[..Math.Min(buffer.Length, bandwidth!.MaxChunk)]);
        // Not a path the AWS SDK takes when it sends (it reads with ReadAsync); kept so a synchronous sender is capped too.
        bandwidth.Wait(read);
        return Counted(read);
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (!Paced)
        {
            return Counted(await part.ReadAsync(buffer, cancellationToken).ConfigureAwait(false));
        }

        int read = await part.ReadAsync(buffer[..Math.Min(buffer.Length, bandwidth!.MaxChunk)], cancellationToken).ConfigureAwait(false);
        await bandwidth.WaitAsync(read, cancellationToken).ConfigureAwait(false);
        return Counted(read);
    }

    private int Counted(int read)
    {
        if (read <= 0)
        {
            // A zero-byte read at the end ends no pass.
            return read;
        }

        watch?.Progress();
        long position = part.Position;
        if (_passesEnded >= passesBeforeSent - 1 && position > _sent)
        {
            long step = position - _sent;
            _sent = position;
            onBytesSent?.Invoke(step);
        }

        // The read that brings the position to the end ends the pass; from the sending pass on, the request then waits
        // for its answer (a retry by the client sends it again, and ends again).
        if (position >= part.Length && ++_passesEnded >= passesBeforeSent)
        {
            if (_passesEnded == passesBeforeSent)
            {
                onSent();
            }

            watch?.Sent();
        }

        return read;
    }
}
