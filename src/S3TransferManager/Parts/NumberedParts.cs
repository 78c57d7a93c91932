using System.Diagnostics.CodeAnalysis;

namespace S3TransferManager.Parts;

/// <summary>Parts 1..count, known up front (a download's ranges): claimed by number, nothing to make or let go.</summary>
internal sealed class NumberedParts(int count) : IPartFeed<int>
{
    // The last part number handed out; never above count, so failed claims at the end cost nothing and never wrap.
    private int _lastClaimed;

    public Task ProduceAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public ValueTask<bool> WaitToClaimAsync(CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken)
        : new ValueTask<bool>(Volatile.Read(ref _lastClaimed) < count);

    public bool IsPartReady => Volatile.Read(ref _lastClaimed) < count;

    public bool TryClaim([MaybeNullWhen(false)] out int part)
    {
        while (true)
        {
            int last = Volatile.Read(ref _lastClaimed);
            if (last >= count)
            {
                part = 0;
                return false;
            }

            if (Interlocked.CompareExchange(ref _lastClaimed, last + 1, last) == last)
            {
                part = last + 1;
                return true;
            }
        }
    }

    public void DiscardUnclaimed()
    {
    }
}
