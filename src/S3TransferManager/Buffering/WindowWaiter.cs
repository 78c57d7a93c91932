namespace S3TransferManager.Buffering;

/// <summary>A producer of <see cref="PartNumber"/> waiting for the window of a <see cref="PartBufferManager"/> to
/// reach it. Invariant: <see cref="Released"/> completes once: in the window, stopped, or canceled.</summary>
internal sealed class WindowWaiter
{
    public WindowWaiter(int partNumber)
    {
        PartNumber = partNumber;
    }

    public int PartNumber { get; }

    public TaskCompletionSource Released { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
}
