using System.Diagnostics.CodeAnalysis;
using System.Threading.Channels;
using S3TransferManager.Parts;

namespace S3TransferManager.Upload;

/// <summary>
/// An upload's parts for the <see cref="PartEngine{TPart, TStarted}"/>: read in order from an <see cref="IPartSource"/>
/// on one producer, ahead of the workers, so reading and hashing overlap the uploads. At most <c>maxParts</c> parts
/// exist at a time (uploading, or read and waiting for a worker), which bounds the memory of a buffered source. A part
/// exists until its upload calls <see cref="Release"/>, once its body is disposed: when the part ends, not when its
/// worker gets back to it (a part started early ends while its worker still waits for the one before).
/// </summary>
internal sealed class PartReadAhead : IPartFeed<PartBody>
{
    private readonly IPartSource _source;

    // Parts in existence: taken before a part is read, given back when its upload is over (Release). Never disposed:
    // a part left behind after the drain limit still gives its room back, and a SemaphoreSlim whose wait handle was
    // never asked for holds nothing.
    private readonly SemaphoreSlim _room;

    // Parts read and not yet claimed, in order. Unbounded, and completed only by the producer: a write always succeeds.
    private readonly Channel<PartBody> _ready = Channel.CreateUnbounded<PartBody>(new UnboundedChannelOptions { SingleWriter = true });

    /// <param name="source">The parts, read by one producer.</param>
    /// <param name="maxParts">Parts in existence at most.</param>
    public PartReadAhead(IPartSource source, int maxParts)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxParts, 1);
        _source = source;
        _room = new SemaphoreSlim(maxParts, maxParts);
    }

    public async Task ProduceAsync(CancellationToken cancellationToken)
    {
        try
        {
            while (true)
            {
                await _room.WaitAsync(cancellationToken).ConfigureAwait(false);
                PartBody? part;
                try
                {
                    part = await _source.ReadNextAsync(cancellationToken).ConfigureAwait(false);
                }
                catch
                {
                    _room.Release();
                    throw;
                }

                if (part is null)
                {
                    _room.Release();
                    return;
                }

                _ready.Writer.TryWrite(part);
            }
        }
        finally
        {
            _ready.Writer.TryComplete();
        }
    }

    public ValueTask<bool> WaitToClaimAsync(CancellationToken cancellationToken) => _ready.Reader.WaitToReadAsync(cancellationToken);

    public bool IsPartReady => _ready.Reader.TryPeek(out _);

    public bool TryClaim([MaybeNullWhen(false)] out PartBody part) => _ready.Reader.TryRead(out part);

    /// <summary>A claimed part's upload is over and its body disposed: its room goes to the next part. Once per part.</summary>
    public void Release() => _room.Release();

    public void DiscardUnclaimed()
    {
        while (_ready.Reader.TryRead(out PartBody? unused))
        {
            try
            {
                unused.Content.Dispose();
            }
            catch (Exception)
            {
                // The run already failed or was cancelled, which is why the part was never claimed; that is its error.
            }
        }
    }
}
