using System.Runtime.CompilerServices;
using System.Threading.Channels;

namespace S3TransferManager.Sync;

/// <summary>
/// Runs a stream's producer ahead of its consumer, into a bounded buffer: a local folder's walk (a stat of every file)
/// goes on while the merge waits for the other side's listing, instead of starting only when the listing's first page
/// has arrived. At most <c>capacity</c> entries wait, so memory does not grow with the number of files.
/// </summary>
internal static class ReadAhead
{
    /// <summary>The items of <paramref name="source"/>, produced ahead on the thread pool (it may block: a disk walk
    /// does); its error, if it fails, is thrown where the consumer reaches it.</summary>
    public static async IAsyncEnumerable<T> Of<T>(Func<CancellationToken, IEnumerable<T>> source, int capacity,
        [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        Channel<T> buffer = Channel.CreateBounded<T>(new BoundedChannelOptions(capacity) { SingleReader = true, SingleWriter = true });
        Task pump = PumpAsync(source(stop.Token), buffer.Writer, stop.Token);
        try
        {
            await foreach (T item in buffer.Reader.ReadAllAsync(cancellationToken).ConfigureAwait(false))
            {
                yield return item;
            }
        }
        finally
        {
            // The consumer is done, early or not: the producer stops, and is awaited so nothing runs after the sync.
            await stop.CancelAsync().ConfigureAwait(false);
            await pump.ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
        }
    }

    private static async Task PumpAsync<T>(IEnumerable<T> source, ChannelWriter<T> writer, CancellationToken cancellationToken)
    {
        // Off the consumer's thread before the first (blocking) step.
        await Task.CompletedTask.ConfigureAwait(ConfigureAwaitOptions.ForceYielding);
        try
        {
            foreach (T item in source)
            {
                await writer.WriteAsync(item, cancellationToken).ConfigureAwait(false);
            }

            writer.Complete();
        }
        catch (Exception e)
        {
            // Handed to the consumer, which throws it where the stream breaks off.
            writer.Complete(e);
        }
    }
}
