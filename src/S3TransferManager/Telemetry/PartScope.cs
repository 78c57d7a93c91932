using System.Diagnostics;

namespace S3TransferManager.Telemetry;

/// <summary>
/// The telemetry of one part request: a child span of the transfer's, the part's duration, its resumes and, for a
/// download, the bytes as they are read. A download part's scope lives as long as its body
/// (<see cref="Download.ResumableRangeStream"/>); an upload part's wraps one request and its attempts (<c>RunAsync</c>).
/// </summary>
internal sealed class PartScope
{
    private readonly Activity? _activity;
    private readonly string _direction;
    private readonly string _bucket;
    private readonly string _method;
    private readonly long _startedAt;
    private Exception? _error;
    private long _bytes;
    private int _resumes;
    private bool _ended;

    private PartScope(string spanName, string direction, string method, string bucket, string key, int partNumber, long offset, long length)
    {
        _direction = direction;
        _bucket = bucket;
        _method = method;
        _activity = TransferActivities.Start(spanName, bucket, key);
        if (_activity is { IsAllDataRequested: true } activity)
        {
            if (partNumber > 0)
            {
                activity.SetTag(TelemetryTags.PartNumber, partNumber);
            }

            if (offset >= 0)
            {
                activity.SetTag(TelemetryTags.PartOffset, offset);
            }

            activity.SetTag(TelemetryTags.PartSize, length);
        }

        _startedAt = Stopwatch.GetTimestamp();
    }

    /// <summary>Starts the scope of a download part, bytes <paramref name="start"/>..<paramref name="end"/> (inclusive).</summary>
    public static PartScope StartDownload(string bucket, string key, int partNumber, long start, long end) =>
        new(TransferActivities.GetPart, TelemetryTags.Download, RpcMethods.GetObject, bucket, key, partNumber, start, end - start + 1);

    /// <summary>
    /// Sends one upload request of <paramref name="length"/> bytes (an UploadPart, or the PutObject of a small object,
    /// <paramref name="partNumber"/> 0) inside its span, with all its attempts, which report their stalls, retries and
    /// hedges on the span (<see cref="Span"/>) and count themselves as requests sent; its bytes count once it succeeds.
    /// <paramref name="offset"/> is the body's first byte in the object, or -1 when the caller does not know it.
    /// </summary>
    public static async Task<T> RunAsync<T>(string method, string bucket, string key, int partNumber, long offset, long length,
        Func<PartScope, CancellationToken, Task<T>> send, CancellationToken cancellationToken)
    {
        string spanName = method == RpcMethods.PutObject ? TransferActivities.PutObject : TransferActivities.UploadPart;
        var scope = new PartScope(spanName, TelemetryTags.Upload, method, bucket, key, partNumber, offset, length);
        try
        {
            T response = await send(scope, cancellationToken).ConfigureAwait(false);
            scope.Read(length);
            scope.End(complete: true);
            return response;
        }
        catch (Exception e)
        {
            scope.Observe(e);
            throw;
        }
        finally
        {
            scope.End(complete: false);
        }
    }

    /// <summary>The part's span, for events; null when nobody listens.</summary>
    public Activity? Span => _activity is { IsAllDataRequested: true } ? _activity : null;

    /// <summary>Counts <paramref name="bytes"/> moved: read from a download part's body, or stored by an upload request.</summary>
    public void Read(long bytes)
    {
        _bytes += bytes;
        TransferMetrics.Transferred(_direction, _bucket, bytes);
    }

    /// <summary>The body broke off (<paramref name="reason"/>) and is requested again.</summary>
    public void Resumed(Exception reason)
    {
        _resumes++;
        TransferMetrics.Resumed(_bucket, reason);
    }

    /// <summary>Records the error the part failed with and returns it, for <c>throw scope.Failed(new ...)</c>.</summary>
    public TException Failed<TException>(TException error)
        where TException : Exception
    {
        _error ??= error;
        return error;
    }

    /// <summary>Records the part's error for its span (the first one counts), for a caller that rethrows it.</summary>
    public void Observe(Exception error) => _error ??= error;

    /// <summary>Ends the scope once (later calls do nothing): a success when <paramref name="complete"/>, otherwise
    /// failed with the recorded error, or cancelled when none was recorded (the transfer stopped it).</summary>
    public void End(bool complete)
    {
        if (_ended)
        {
            return;
        }

        _ended = true;
        string? errorType = null;
        if (!complete)
        {
            errorType = _error is null ? TelemetryTags.Canceled : ErrorTypes.Of(_error);
            if (_error is not null)
            {
                TransferActivities.SetFailed(_activity, _error, errorType);
            }
            else
            {
                _activity?.SetTag(TelemetryTags.ErrorType, errorType);
            }
        }

        if (_activity is { IsAllDataRequested: true } activity)
        {
            activity.SetTag(TelemetryTags.TransferredBytes, _bytes);
            if (_resumes > 0)
            {
                activity.SetTag(TelemetryTags.Resumes, _resumes);
            }
        }

        // The span stops first, so that recording (the first time: a listener's setup) does not lengthen it.
        TimeSpan elapsed = Stopwatch.GetElapsedTime(_startedAt);
        _activity?.Dispose();
        TransferMetrics.PartEnded(_direction, _bucket, _method, elapsed, errorType);
    }
}
