using System.Diagnostics.CodeAnalysis;

namespace S3TransferManager.Scheduling;

/// <summary>One transfer's borrowing from the shared <see cref="BufferBudget"/>. A transfer that holds nothing is
/// always lent its next part at once, so it keeps moving however much other transfers hold.</summary>
/// <remarks>Invariant: <see cref="HeldBytes"/> is the sum of this account's outstanding and pending leases.</remarks>
internal sealed class BufferAccount
{
    private readonly BufferBudget _budget;
    private long _held;

    internal BufferAccount(BufferBudget budget) => _budget = budget;

    public long HeldBytes => Interlocked.Read(ref _held);

    /// <summary>Waits until <paramref name="bytes"/> fit in the shared budget (at once when this account holds nothing).</summary>
    /// <exception cref="OperationCanceledException">The token was canceled while waiting.</exception>
    public async ValueTask<BufferLease> AcquireAsync(long bytes, CancellationToken cancellationToken)
    {
        // Counted before the wait, so that of several concurrent first requests only one skips the line.
        long heldBefore = Interlocked.Add(ref _held, bytes) - bytes;
        try
        {
            return await _budget.AcquireAsync(this, bytes, heldBefore == 0, cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            Interlocked.Add(ref _held, -bytes);
            throw;
        }
    }

    /// <summary>Lends <paramref name="bytes"/> when <see cref="AcquireAsync"/> would without waiting; false (and
    /// nothing held) when it would wait.</summary>
    public bool TryAcquire(long bytes, [NotNullWhen(true)] out BufferLease? lease)
    {
        // Counted first, as AcquireAsync counts it, so that of several concurrent first requests only one skips the line.
        long heldBefore = Interlocked.Add(ref _held, bytes) - bytes;
        if (_budget.TryAcquire(this, bytes, heldBefore == 0, out lease))
        {
            return true;
        }

        Interlocked.Add(ref _held, -bytes);
        return false;
    }

    /// <summary>Lends <paramref name="bytes"/> at once, even past the limit: for reads bounded elsewhere that must not
    /// wait (waiting there could wait for this very account's memory).</summary>
    public BufferLease TakeNow(long bytes)
    {
        Interlocked.Add(ref _held, bytes);
        return _budget.LendNow(this, bytes);
    }

    /// <summary>Called once per lease, by its disposal.</summary>
    internal void Return(long bytes)
    {
        Interlocked.Add(ref _held, -bytes);
        _budget.Release(bytes);
    }
}
