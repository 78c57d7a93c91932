namespace S3TransferManager.Resilience;

/// <summary>A request whose answer did not start within the stall timeout on any allowed attempt
/// (<see cref="StallRetry"/>); its own type so that no other timeout is taken for it.</summary>
internal sealed class RequestStalledException(string message) : TimeoutException(message);
