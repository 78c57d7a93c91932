using System.Diagnostics;

namespace S3TransferManager.Telemetry;

/// <summary>
/// The telemetry of one transfer: its span, and its duration and failure on the meter. Started at the top of a
/// command, ended once by <see cref="Succeeded"/>, <see cref="Failed"/> or, for a transfer that just stopped (an
/// OpenStream disposed early), <see cref="Dispose"/>, which ends it as cancelled.
/// </summary>
internal sealed class TransferScope : IDisposable
{
    private readonly Activity? _activity;
    private readonly string _direction;
    private readonly string _bucket;

    // Stopwatch ticks at the start (a read of the clock per transfer, listened to or not: cheaper than asking).
    private readonly long _startedAt;
    private int _ended;

    private TransferScope(string spanName, string direction, string bucket, string key)
    {
        _direction = direction;
        _bucket = bucket;
        _activity = TransferActivities.Start(spanName, bucket, key);
        _activity?.SetTag(TelemetryTags.Direction, direction);
        _startedAt = Stopwatch.GetTimestamp();
    }

    public static TransferScope StartUpload(string bucket, string key) =>
        new(TransferActivities.Upload, TelemetryTags.Upload, bucket, key);

    public static TransferScope StartDownload(string bucket, string key) =>
        new(TransferActivities.Download, TelemetryTags.Download, bucket, key);

    public static TransferScope StartOpenStream(string bucket, string key) =>
        new(TransferActivities.OpenStream, TelemetryTags.Download, bucket, key);

    /// <summary>A server-side copy, tagged with its destination.</summary>
    public static TransferScope StartCopy(string bucket, string key) =>
        new(TransferActivities.Copy, TelemetryTags.Copy, bucket, key);

    /// <summary>Tags the span with the object's size and part count, once they are known (-1: not known).</summary>
    public void Describe(long objectSize, int partCount = -1)
    {
        if (_activity is { IsAllDataRequested: true } activity)
        {
            if (objectSize >= 0)
            {
                activity.SetTag(TelemetryTags.ObjectSize, objectSize);
            }

            if (partCount >= 0)
            {
                activity.SetTag(TelemetryTags.PartCount, partCount);
            }
        }
    }

    public void Succeeded(long transferredBytes)
    {
        if (Interlocked.Exchange(ref _ended, 1) == 0)
        {
            _activity?.SetTag(TelemetryTags.TransferredBytes, transferredBytes);
            End(errorType: null);
        }
    }

    public void Failed(Exception error)
    {
        if (Interlocked.Exchange(ref _ended, 1) == 0)
        {
            string errorType = ErrorTypes.Of(error);
            TransferActivities.SetFailed(_activity, error, errorType);
            End(errorType);
        }
    }

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _ended, 1) == 0)
        {
            _activity?.SetTag(TelemetryTags.ErrorType, TelemetryTags.Canceled);
            End(TelemetryTags.Canceled);
        }
    }

    private void End(string? errorType)
    {
        // The span stops first, so that recording (the first time: a listener's setup) does not lengthen it.
        TimeSpan elapsed = Stopwatch.GetElapsedTime(_startedAt);
        _activity?.Dispose();
        TransferMetrics.TransferEnded(_direction, _bucket, elapsed, errorType);
    }
}
