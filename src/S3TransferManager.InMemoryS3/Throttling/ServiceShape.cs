namespace S3TransferManager.InMemoryS3.Throttling;

/// <summary>How the endpoint serves each request once admitted: in its turn of a <see cref="ServiceQueue"/> (none: at
/// once), and at a pace of its own (0: none), as a small server does.</summary>
internal sealed record ServiceShape(ServiceQueue? Queue, long BytesPerSecond)
{
    /// <summary>Waits for the request's turn, then paces its bodies; dispose the result when the request ends (null
    /// when there is no queue).</summary>
    public async ValueTask<IDisposable?> EnterAsync(Microsoft.AspNetCore.Http.HttpContext context)
    {
        IDisposable? turn = Queue is null ? null : await Queue.EnterAsync(context.RequestAborted);
        if (BytesPerSecond > 0)
        {
            var pace = new ConnectionThrottle(BytesPerSecond);
            context.Request.Body = new ThrottledStream(context.Request.Body, pace);
            context.Response.Body = new ThrottledStream(context.Response.Body, pace);
        }

        return turn;
    }
}
