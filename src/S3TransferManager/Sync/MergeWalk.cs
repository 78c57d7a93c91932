using System.Runtime.CompilerServices;

namespace S3TransferManager.Sync;

/// <summary>
/// Walks two sorted streams of entries side by side, as a merge does, and pairs entries with the same relative key:
/// (source, destination), (source, null) for one missing at the destination, (null, destination) for one missing at
/// the source. Only the current entry of each side is held, so memory does not grow with the number of keys. A stream
/// out of order (an S3-compatible server that does not list in UTF-8 order) would pair entries wrongly and could
/// delete what it should keep, so it stops the walk.
/// </summary>
internal static class MergeWalk
{
    public static async IAsyncEnumerable<(SyncEntry? Source, SyncEntry? Destination)> PairAsync(IAsyncEnumerable<SyncEntry> source,
        IAsyncEnumerable<SyncEntry> destination, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        IAsyncEnumerator<SyncEntry> sources = source.GetAsyncEnumerator(cancellationToken);
        await using (sources.ConfigureAwait(false))
        {
            IAsyncEnumerator<SyncEntry> destinations = destination.GetAsyncEnumerator(cancellationToken);
            await using (destinations.ConfigureAwait(false))
            {
                await foreach ((SyncEntry? Source, SyncEntry? Destination) pair in PairAsync(sources, destinations).ConfigureAwait(false))
                {
                    yield return pair;
                }
            }
        }
    }

    private static async IAsyncEnumerable<(SyncEntry? Source, SyncEntry? Destination)> PairAsync(IAsyncEnumerator<SyncEntry> sources,
        IAsyncEnumerator<SyncEntry> destinations)
    {
        IComparer<string> order = Utf8KeyOrder.Instance;
        SyncEntry? s = await NextAsync(sources, null, "source").ConfigureAwait(false);
        SyncEntry? d = await NextAsync(destinations, null, "destination").ConfigureAwait(false);
        while (s is not null || d is not null)
        {
            int compared = s is null ? 1 : d is null ? -1 : order.Compare(s.RelativeKey, d.RelativeKey);
            if (compared == 0)
            {
                yield return (s, d);
                s = await NextAsync(sources, s, "source").ConfigureAwait(false);
                d = await NextAsync(destinations, d, "destination").ConfigureAwait(false);
            }
            else if (compared < 0)
            {
                yield return (s, null);
                s = await NextAsync(sources, s, "source").ConfigureAwait(false);
            }
            else
            {
                yield return (null, d);
                d = await NextAsync(destinations, d, "destination").ConfigureAwait(false);
            }
        }
    }

    private static async ValueTask<SyncEntry?> NextAsync(IAsyncEnumerator<SyncEntry> entries, SyncEntry? previous, string side)
    {
        if (!await entries.MoveNextAsync().ConfigureAwait(false))
        {
            return null;
        }

        SyncEntry next = entries.Current;
        if (previous is not null && Utf8KeyOrder.Instance.Compare(previous.RelativeKey, next.RelativeKey) >= 0)
        {
            throw new InvalidOperationException(
                $"The {side} listed '{next.RelativeKey}' after '{previous.RelativeKey}', out of UTF-8 order: the two sides cannot be matched safely, so the sync stopped.");
        }

        return next;
    }
}
