namespace S3TransferManager;

/// <summary>Progress of one transfer, the base of <see cref="UploadProgressArgs"/> and <see cref="WriteObjectProgressArgs"/>.
/// Events for one transfer are raised one at a time, in increasing order.</summary>
/// <remarks>
/// Events are throttled so a handler that prints or repaints stays cheap: one is raised only when at least 100 ms have
/// passed since the previous one and at least 1% of the total (at most 16 MiB; 16 MiB while the total is unknown) has
/// moved since it, so a transfer raises at most about 10 events a second and, up to 1.6 GiB, about 100 in all. The final
/// event, with <see cref="TransferredBytes"/> equal to the whole length, is always raised, also for an empty transfer;
/// a fast transfer may raise only that one. <see cref="IncrementTransferred"/> is the bytes since the previous event.
/// </remarks>
public class TransferProgressArgs : EventArgs
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

    /// <summary>The progress as one line, as the AWS SDK's arguments print it: the percent and the byte counts.</summary>
    /// <returns>For example "Transfer Statistics. Percentage completed: 42, Bytes transferred: 420, Total bytes: 1000".</returns>
    public override string ToString() =>
        string.Create(System.Globalization.CultureInfo.InvariantCulture,
            $"Transfer Statistics. Percentage completed: {PercentDone}, Bytes transferred: {TransferredBytes}, Total bytes: {TotalBytes}");
}
