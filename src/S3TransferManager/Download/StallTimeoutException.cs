namespace S3TransferManager.Download;

/// <summary>A part's request or body made no progress within its bound: the error a resume is for, and, once the
/// resumes are spent, inside the <see cref="PartDownloadException"/>. <see cref="Congested"/>: the endpoint went on
/// answering the utility's other requests meanwhile (it queues them), which the failure's advice names.</summary>
internal sealed class StallTimeoutException(string message, bool congested) : TimeoutException(message)
{
    public bool Congested { get; } = congested;
}
