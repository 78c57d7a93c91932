using Amazon.S3.Model;

namespace S3TransferManager.IntegrationTests.Telemetry;

/// <summary>An <see cref="IProgress{T}"/> that keeps every report, called on the transfer's own thread (unlike
/// <see cref="Progress{T}"/>, which posts to the pool when there is no synchronization context).</summary>
internal sealed class RecordingProgress : IProgress<TransferProgressArgs>
{
    private readonly List<TransferProgressArgs> _seen = [];

    public IReadOnlyList<TransferProgressArgs> Seen
    {
        get
        {
            lock (_seen)
            {
                return [.. _seen];
            }
        }
    }

    public void Report(TransferProgressArgs value)
    {
        lock (_seen)
        {
            _seen.Add(value);
        }
    }
}
