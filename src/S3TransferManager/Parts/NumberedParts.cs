using System.Diagnostics.CodeAnalysis;

namespace S3TransferManager.Parts;

/// <summary>Parts 1..count, known up front (a download's ranges), or a chosen list of them (a resumed download's
/// missing parts): claimed in order, nothing to make or let go.</summary>
internal sealed class NumberedParts : IPartFeed<int>
{
    private readonly int _count;

    // The part numbers in claim order; null for 1..count.
    private readonly int[]? _numbers;

    // How many parts were handed out; never above count, so failed claims at the end cost nothing and never wrap.
    private int _lastClaimed;

    public NumberedParts(int count) => _count = count;

    /// <summary>Only <paramref name="numbers"/>, in that order.</summary>
    public NumberedParts(int[] numbers)
    {
        _numbers = numbers;
        _count = numbers.Length;
    }

    /// <summary>How many parts there are to claim.</summary>
    public int Count => _count;

    public Task ProduceAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public ValueTask<bool> WaitToClaimAsync(CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? ValueTask.FromCanceled<bool>(cancellationToken)
        : new ValueTask<bool>(Volatile.Read(ref _lastClaimed) < _count);

    public bool IsPartReady => Volatile.Read(ref _lastClaimed) < _count;

    public bool TryClaim([MaybeNullWhen(false)] out int part)
    {
        while (true)
        {
            int last = Volatile.Read(ref _lastClaimed);
            if (last >= _count)
            {
                part = 0;
                return false;
            }

            if (Interlocked.CompareExchange(ref _lastClaimed, last + 1, last) == last)
            {
                part = _numbers is null ? last + 1 : _numbers[last];
                return true;
            }
        }
    }

    public void DiscardUnclaimed()
    {
    }
}
