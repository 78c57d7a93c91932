namespace S3TransferManager.Resume;

/// <summary>A directory transfer's bytes, added up as its objects finish: those resumed (not moved again) and those
/// moved. Thread-safe.</summary>
internal sealed class ResumeTotals
{
    private long _resumed;
    private long _transferred;

    public long Resumed => Interlocked.Read(ref _resumed);

    public long Transferred => Interlocked.Read(ref _transferred);

    public void Add(long resumed, long transferred)
    {
        Interlocked.Add(ref _resumed, resumed);
        Interlocked.Add(ref _transferred, transferred);
    }
}
