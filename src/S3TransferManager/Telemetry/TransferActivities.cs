using System.Diagnostics;

namespace S3TransferManager.Telemetry;

/// <summary>
/// The library's <see cref="ActivitySource"/>, named <see cref="SourceName"/>: a span per transfer
/// (<c>S3TransferManager.Upload</c>, <c>.Download</c>, <c>.OpenStream</c>, <c>.Copy</c>) with a child span per part request
/// (<c>S3TransferManager.UploadPart</c>, <c>.PutObject</c>, <c>.GetPart</c>). <see cref="ActivitySource.StartActivity(string, ActivityKind)"/>
/// returns null when nobody listens, and tags are only written when a listener asked for them.
/// </summary>
internal static partial class TransferActivities
{
    public const string SourceName = "S3TransferManager";

    public const string Upload = SourceName + ".Upload";

    public const string Download = SourceName + ".Download";

    public const string OpenStream = SourceName + ".OpenStream";

    public const string Copy = SourceName + ".Copy";

    public const string UploadPart = SourceName + ".UploadPart";

    public const string PutObject = SourceName + ".PutObject";

    public const string GetPart = SourceName + ".GetPart";

    public static readonly ActivitySource Source = new(SourceName, typeof(TransferActivities).Assembly.GetName().Version?.ToString());

    /// <summary>Starts a span, tagged with the object; null when nobody listens.</summary>
    public static Activity? Start(string name, string bucket, string key)
    {
        Activity? activity = Source.StartActivity(name, ActivityKind.Internal);
        if (activity is { IsAllDataRequested: true })
        {
            activity.SetTag(TelemetryTags.Bucket, bucket);
            activity.SetTag(TelemetryTags.Key, key);
        }

        return activity;
    }

    /// <summary>Tags the current transfer's span with its upload ID; does nothing outside a span of this library.</summary>
    public static void TagMultipart(string uploadId, long partSize)
    {
        if (Activity.Current is { IsAllDataRequested: true } activity && activity.Source == Source)
        {
            activity.SetTag(TelemetryTags.UploadId, uploadId);
            activity.SetTag(TelemetryTags.PartSize, partSize);
        }
    }

    /// <summary>Ends a span as failed: <c>error.type</c>, an Error status with the message, and the exception as an
    /// event. A cancellation only gets <c>error.type</c> <see cref="TelemetryTags.Canceled"/>: nothing went wrong.</summary>
    public static void SetFailed(Activity? activity, Exception error, string errorType)
    {
        if (activity is not { IsAllDataRequested: true })
        {
            return;
        }

        activity.SetTag(TelemetryTags.ErrorType, errorType);
        if (errorType != TelemetryTags.Canceled)
        {
            activity.SetStatus(ActivityStatusCode.Error, error.Message);
            activity.AddException(error);
        }
    }
}
