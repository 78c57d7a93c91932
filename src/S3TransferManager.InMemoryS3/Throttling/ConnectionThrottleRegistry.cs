using System.Collections.Concurrent;

namespace S3TransferManager.InMemoryS3.Throttling;

/// <summary>One <see cref="ConnectionThrottle"/> per open connection, keyed by connection id, removed when it closes.</summary>
internal sealed class ConnectionThrottleRegistry(long bytesPerSecond)
{
    private readonly ConcurrentDictionary<string, ConnectionThrottle> _throttles = new(StringComparer.Ordinal);

    public ConnectionThrottle Get(string connectionId) =>
        _throttles.GetOrAdd(connectionId, static (_, rate) => new ConnectionThrottle(rate), bytesPerSecond);

    public void Remove(string connectionId) => _throttles.TryRemove(connectionId, out _);
}
