namespace S3TransferManager.Requests;

/// <summary>
/// When the endpoint last showed this utility that it works: an answer to any request, a byte of any body read, a byte
/// of any body it took. A request that had no answer for its whole bound while the endpoint went on answering others
/// (<see cref="AnsweredOthersSince"/>) waits in the endpoint's queue: the endpoint is congested, not dead, and the
/// budget is cut before the request is sent again; a request that stalled while nothing else moved either is taken for
/// a dead connection.
/// </summary>
/// <remarks>Thread-safe and lock-free: one timestamp, written by every report (a read of 64 KiB writes it once).</remarks>
internal sealed class EndpointActivity(TimeProvider time)
{
    /// <summary>The last report's timestamp, in <see cref="TimeProvider.GetTimestamp"/> units; 0: none yet.</summary>
    private long _lastAt;

    /// <summary>The endpoint answered a request or moved a body's bytes just now.</summary>
    public void Moved() => Moved(time.GetTimestamp());

    /// <summary>The endpoint answered a request or moved a body's bytes at <paramref name="now"/>, a timestamp the
    /// reporter also keeps as its own last progress (so its own report never counts as another's). The clock only
    /// moves forward, whatever order reports from several threads land in.</summary>
    public void Moved(long now)
    {
        long seen = Volatile.Read(ref _lastAt);
        while (now > seen)
        {
            long found = Interlocked.CompareExchange(ref _lastAt, now, seen);
            if (found == seen)
            {
                return;
            }

            seen = found;
        }
    }

    /// <summary>Whether the endpoint answered or moved bytes after <paramref name="quietSince"/> (a timestamp of the
    /// same clock): the last moment the stalled request itself made progress, so only other requests count.</summary>
    public bool AnsweredOthersSince(long quietSince) => Volatile.Read(ref _lastAt) > quietSince;
}
