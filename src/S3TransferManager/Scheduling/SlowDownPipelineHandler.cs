using System.Net;
using Amazon.Runtime;
using Amazon.Runtime.Internal;

namespace S3TransferManager.Scheduling;

/// <summary>
/// Sits inside an S3 client's retry handler, so every attempt's error passes through it, and raises its
/// <see cref="SlowDownSignal"/> for each 503 (SlowDown, or a 503 the endpoint named otherwise) before the retry
/// handler waits and tries again. It changes nothing: the exception goes on unchanged (an exception filter that never
/// catches, so not even the stack trace is touched).
/// </summary>
internal sealed class SlowDownPipelineHandler(SlowDownSignal signal) : PipelineHandler
{
    /// <inheritdoc/>
    public override void InvokeSync(IExecutionContext executionContext)
    {
        try
        {
            base.InvokeSync(executionContext);
        }
        catch (AmazonServiceException e) when (Refused(e))
        {
            throw;
        }
    }

    /// <inheritdoc/>
    public override async Task<T> InvokeAsync<T>(IExecutionContext executionContext)
    {
        try
        {
            return await base.InvokeAsync<T>(executionContext).ConfigureAwait(false);
        }
        catch (AmazonServiceException e) when (Refused(e))
        {
            throw;
        }
    }

    /// <summary>Whether the endpoint refused the attempt; raises the signal when it did. Always false: the filter
    /// only looks.</summary>
    private bool Refused(AmazonServiceException e)
    {
        if (e.StatusCode == HttpStatusCode.ServiceUnavailable || string.Equals(e.ErrorCode, "SlowDown", StringComparison.Ordinal))
        {
            signal.Raise();
        }

        return false;
    }
}
