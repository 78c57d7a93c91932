namespace S3TransferManager.Events;

/// <summary>One progress event of one transfer, before it is typed for the request that raises it.</summary>
/// <param name="Increment">Bytes moved since the previous event.</param>
/// <param name="Transferred">Bytes moved so far.</param>
/// <param name="Total">The transfer's length, or -1 while it is not known.</param>
internal readonly record struct ProgressStep(long Increment, long Transferred, long Total)
{
    /// <summary>Whether every byte has moved: the final event.</summary>
    public bool IsFinal => Total >= 0 && Transferred == Total;
}
