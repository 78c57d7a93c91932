namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>What the recording handler does to one request instead of passing it through untouched.</summary>
public abstract record Fault
{
    /// <summary>Answer with this status and an S3 error body, without reaching the server.</summary>
    public sealed record Status(System.Net.HttpStatusCode Code, string ErrorCode) : Fault;

    /// <summary>Pass the request on, then throw an IOException (a connection reset) after this many body bytes.</summary>
    public sealed record ResetAfter(long Bytes) : Fault;

    /// <summary>Pass the request on, then end the body cleanly after this many bytes (a truncated body).</summary>
    public sealed record TruncateAfter(long Bytes) : Fault;

    /// <summary>Pass the request on and invert the body byte at this offset.</summary>
    public sealed record FlipByte(long Offset) : Fault;

    /// <summary>Hold the request until the released task completes (or the request is cancelled).</summary>
    public sealed record Stall(TaskCompletionSource Started, Task Release) : Fault;

    /// <summary>Run an action (e.g. overwrite the object) before passing the request on.</summary>
    public sealed record Before(Func<Task> Action) : Fault;
}
