namespace S3TransferManager.Scheduling;

/// <summary>Bytes of the shared <see cref="BufferBudget"/>, held while a part sits in memory. Dispose gives them back;
/// only the first dispose counts.</summary>
internal sealed class BufferLease : IDisposable
{
    private BufferAccount? _account;

    internal BufferLease(BufferAccount account, long bytes)
    {
        _account = account;
        Bytes = bytes;
    }

    public long Bytes { get; }

    public void Dispose() => Interlocked.Exchange(ref _account, null)?.Return(Bytes);
}
