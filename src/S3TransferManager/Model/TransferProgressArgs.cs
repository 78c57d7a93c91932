namespace S3TransferManager;

/// <summary>Progress of one transfer. Events for one transfer are raised one at a time, in increasing order.</summary>
public sealed class TransferProgressArgs : EventArgs
{
    /// <summary>Creates progress for a transfer.</summary>
    /// <param name="incrementTransferred">Bytes transferred since the previous event.</param>
    /// <param name="transferredBytes">Bytes transferred so far.</param>
    /// <param name="totalBytes">The transfer's whole length, or -1 while it is not known.</param>
    public TransferProgressArgs(long incrementTransferred, long transferredBytes, long totalBytes)
    {
        IncrementTransferred = incrementTransferred;
        TransferredBytes = transferredBytes;
        TotalBytes = totalBytes;
    }

    /// <summary>Bytes transferred since the previous event.</summary>
    public long IncrementTransferred { get; }

    /// <summary>Bytes transferred so far.</summary>
    public long TransferredBytes { get; }

    /// <summary>The transfer's whole length, or -1 while it is not known (a stream of unknown length).</summary>
    public long TotalBytes { get; }

    /// <summary>Percent done, 0 to 100; 100 for a finished empty transfer, 0 while the total is unknown.</summary>
    public int PercentDone => TotalBytes switch
    {
        < 0 => 0,
        0 => 100,
        _ => (int)(TransferredBytes * 100 / TotalBytes),
    };
}
