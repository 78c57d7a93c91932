namespace S3TransferManager.Requests;

/// <summary>The attempts one request may have: the first, plus one per allowed retry. A retry after a stall takes one,
/// and so do a hedge (a second attempt sent alongside a slow one) and a part body's resume, which asks for the rest of
/// its range. Thread-safe: a hedge may take one while the first attempt runs.</summary>
internal sealed class AttemptBudget(int attempts)
{
    private int _used;

    /// <summary>Attempts allowed in all.</summary>
    public int Allowed => attempts;

    /// <summary>Attempts taken so far.</summary>
    public int Used => Math.Min(Volatile.Read(ref _used), attempts);

    /// <summary>Whether another attempt may be taken.</summary>
    public bool HasLeft => Volatile.Read(ref _used) < attempts;

    /// <summary>Takes one attempt; false when none is left.</summary>
    public bool TryTake()
    {
        if (Interlocked.Increment(ref _used) <= attempts)
        {
            return true;
        }

        Interlocked.Decrement(ref _used);
        return false;
    }

    /// <summary>Gives back an attempt taken but never sent (a hedge that could not go out).</summary>
    public void GiveBack() => Interlocked.Decrement(ref _used);
}
