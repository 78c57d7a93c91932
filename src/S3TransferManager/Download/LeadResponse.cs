using Amazon.S3.Model;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Download;

/// <summary>
/// A first answer whose body covers more of the object than part 1: the whole object, from a server that answers a GET
/// of part 1 with all of it (a single-part object, or a server that serves no parts by number: moto does this), or an
/// uploader's part 1 much longer than <see cref="DownloadRequestBase.PartSize"/>. The parts read this one body on, part
/// after part (<see cref="Chains"/>): each part that ends hands the response to the next (<see cref="HandOver"/>), which
/// sends no request; until the body's pace shows that parallel ranged GETs pay, and every part left sends its own.
/// </summary>
/// <remarks>
/// <para>Parallel requests pay when reading the rest of the body on this one connection would take more than
/// <see cref="ChainFactor"/> times the first answer's wait: S3 answers any GET in tens of milliseconds whatever the
/// object, and one connection moves about 100 MB/s, so an object of more than a few parts goes in parallel after
/// about one first-byte wait. A server whose cost is per request, in proportion to the object (moto reads the whole
/// object for every ranged GET, one request at a time), answers late and then streams fast: it is read in one request,
/// as the AWS SDK reads it. The pace is the connection's: the bytes over the time the reads waited for them, so a slow
/// reader (an OpenStream caller at its own pace, a slow disk), which more connections would not quicken, does not count.
/// It is watched for at least the first answer's wait within a part, or over a whole part after the first (part 1's
/// reads also pay for a new process's read path compiling).</para>
/// <para>A whole-object answer for an object uploaded in parts (its ETag ends in <c>-N</c>) from a server that sent no
/// part count is from a server that does not serve parts by number at all: such a server is a test double or a small
/// one, and is read in one request whatever the pace (<c>firm</c>), as the AWS SDK reads it.</para>
/// <para>Invariants: the state moves Chained -&gt; Parallel, never back. While Chained, at most one response is handed
/// over and not yet taken, for part <see cref="_nextPart"/>. Guarded by <see cref="_lock"/>; waiters are woken through
/// <see cref="_changed"/>, replaced on every change.</para>
/// </remarks>
internal sealed class LeadResponse : IDisposable
{
    /// <summary>How many first-answer waits reading the rest on one connection may take before parallel requests pay.</summary>
    internal const double ChainFactor = 4;

    /// <summary>The least a pace is watched within a part before it is believed (a burst of buffered bytes is not a
    /// pace).</summary>
    internal static readonly TimeSpan MinWatch = TimeSpan.FromMilliseconds(5);

    private readonly Lock _lock = new();
    private readonly TimeProvider _time;

    /// <summary>How long the first answer's headers took after its request was sent.</summary>
    private readonly TimeSpan _firstByte;

    /// <summary>The first byte after the lead's body: what it covers is [0, _coveredEnd).</summary>
    private readonly long _coveredEnd;

    /// <summary>Whether the body is read on whatever its pace (a server that serves no parts by number).</summary>
    private readonly bool _firm;

    /// <summary>Told once when the parts go in parallel (the budget then hears how many are coming).</summary>
    private readonly Action _onSplit;

    private bool _parallel;

    /// <summary>While Chained: the part that takes the response next, and the response and slot handed over for it.</summary>
    private int _nextPart = 2;
    private GetObjectResponse? _handed;
    private RequestLease? _handedLease;

    /// <summary>Completed (and replaced) at every change, waking the parts that wait.</summary>
    private TaskCompletionSource _changed = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <param name="time">The clock paces are measured on.</param>
    /// <param name="firstByte">How long the first answer's headers took after its request was sent.</param>
    /// <param name="coveredEnd">The first byte after what the body covers.</param>
    /// <param name="firm">Whether the body is read on whatever its pace.</param>
    /// <param name="onSplit">Told once when the parts go in parallel.</param>
    public LeadResponse(TimeProvider time, TimeSpan firstByte, long coveredEnd, bool firm, Action onSplit)
    {
        _time = time;
        _firstByte = firstByte;
        _coveredEnd = coveredEnd;
        _firm = firm;
        _onSplit = onSplit;
    }

    /// <summary>Whether the parts still read the one body on, in turn.</summary>
    public bool Chains
    {
        get
        {
            lock (_lock)
            {
                return !_parallel;
            }
        }
    }

    /// <summary>Whether the body's pace may still send the parts in parallel (<see cref="Observe"/>).</summary>
    public bool Watching => !_firm && !Volatile.Read(ref _parallel);

    /// <summary>
    /// The body, reading part <paramref name="part"/> from the lead, has read <paramref name="bytes"/> of it over
    /// <paramref name="watched"/> since its first read, <paramref name="waited"/> of which it spent waiting for the
    /// connection (the rest is its reader's own pace, which more connections would not quicken), and hands out
    /// <paramref name="next"/> (an absolute offset); <paramref name="partEnd"/>: the part's last byte was read. Once the
    /// pace was watched long enough, and reading the rest at the connection's pace would take more than
    /// <see cref="ChainFactor"/> first-answer waits, every part left goes in parallel.
    /// </summary>
    public void Observe(int part, TimeSpan watched, TimeSpan waited, long bytes, long next, bool partEnd)
    {
        if (!Watching)
        {
            return;
        }

        bool believed = (watched >= MinWatch && watched >= _firstByte) || (partEnd && part >= 2);
        if (!believed || bytes <= 0)
        {
            return;
        }

        double secondsForRest = (_coveredEnd - next) * Math.Max(waited.TotalSeconds, 1e-6) / bytes;
        if (secondsForRest > ChainFactor * _firstByte.TotalSeconds)
        {
            GoParallel(tell: true);
        }
    }

    /// <summary>The body holding the lead read its part to the end: <paramref name="nextPart"/> (whose last byte is
    /// <paramref name="nextPartEnd"/>) takes the response and the slot, if the parts still chain and the body covers
    /// it. False when not: the caller closes the response, and every part left sends its own request.</summary>
    public bool HandOver(int nextPart, long nextPartEnd, GetObjectResponse response, RequestLease? lease)
    {
        TaskCompletionSource changed;
        lock (_lock)
        {
            if (_parallel || nextPartEnd >= _coveredEnd || nextPart != _nextPart || _handed is not null)
            {
                return false;
            }

            _handed = response;
            _handedLease = lease;
            changed = Renew();
        }

        changed.TrySetResult();
        return true;
    }

    /// <summary>The body holding the lead can no longer hand it on (a resume replaced its response, or it stopped
    /// early, or it was not handed on): every part left sends its own request.</summary>
    public void Lose() => GoParallel(tell: true);

    /// <summary>The response and slot handed over for <paramref name="partNumber"/>, once the part before it has ended;
    /// null once the parts go in parallel (the part then sends its own GET).</summary>
    public async ValueTask<(GetObjectResponse Response, RequestLease? Lease)?> TakeAsync(int partNumber, CancellationToken cancellationToken)
    {
        while (true)
        {
            Task changed;
            lock (_lock)
            {
                if (_parallel)
                {
                    return null;
                }

                if (_nextPart == partNumber && _handed is { } handed)
                {
                    RequestLease? lease = _handedLease;
                    _handed = null;
                    _handedLease = null;
                    _nextPart++;
                    return (handed, lease);
                }

                changed = _changed.Task;
            }

            await changed.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Closes a response handed over that no part took (the transfer stopped), and gives back its slot.</summary>
    public void Dispose() => GoParallel(tell: false);

    /// <summary>Every part left sends its own request; a response handed over and not taken is closed.
    /// <paramref name="tell"/>: the budget hears how many are coming (not when the transfer is over).</summary>
    private void GoParallel(bool tell)
    {
        TaskCompletionSource? changed;
        GetObjectResponse? orphan;
        RequestLease? orphanLease;
        lock (_lock)
        {
            orphan = _handed;
            orphanLease = _handedLease;
            _handed = null;
            _handedLease = null;
            if (_parallel)
            {
                changed = null;
                tell = false;
            }
            else
            {
                _parallel = true;
                changed = Renew();
            }
        }

        DisposeQuietly(orphan);
        orphanLease?.Dispose();
        changed?.TrySetResult();
        if (tell)
        {
            _onSplit();
        }
    }

    /// <summary>Replaces the change signal; returns the one to complete. Called under the lock.</summary>
    private TaskCompletionSource Renew()
    {
        TaskCompletionSource changed = _changed;
        _changed = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        return changed;
    }

    /// <summary>A response read part way is closed without its body's end; the AWS SDK may then report the checksum it
    /// could not complete, which says nothing about bytes never handed out.</summary>
    private static void DisposeQuietly(GetObjectResponse? response)
    {
        try
        {
            response?.Dispose();
        }
        catch (Amazon.Runtime.AmazonClientException)
        {
        }
    }
}
