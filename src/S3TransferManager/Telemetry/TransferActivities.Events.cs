using System.Diagnostics;

namespace S3TransferManager.Telemetry;

/// <summary>The span events of stalls, retries and hedges, named <c>s3transfermanager.stall</c>, <c>.retry</c> and
/// <c>.hedge</c>: on a part's span when the request is a part's, otherwise on the transfer's.</summary>
internal static partial class TransferActivities
{
    public const string StallEvent = "s3transfermanager.stall";

    public const string RetryEvent = "s3transfermanager.retry";

    public const string HedgeEvent = "s3transfermanager.hedge";

    /// <summary>The span to record an event on: <paramref name="part"/> when given, else the current span when it is one
    /// of this library's (the transfer's); null when nobody listens.</summary>
    public static Activity? EventTarget(Activity? part) =>
        part ?? (Activity.Current is { IsAllDataRequested: true, Source: var source } current && source == Source ? current : null);

    /// <summary>Adds an event with the request's method and outcome, and an optional third tag.</summary>
    public static void AddEvent(Activity? span, string name, string method, string outcome, int attempt, string? tag = null, object? value = null)
    {
        if (span is not { IsAllDataRequested: true })
        {
            return;
        }

        var tags = new ActivityTagsCollection
        {
            { TelemetryTags.RpcMethod, method },
            { TelemetryTags.Outcome, outcome },
            { TelemetryTags.Attempt, attempt },
        };
        if (tag is not null)
        {
            tags.Add(tag, value);
        }

        span.AddEvent(new ActivityEvent(name, tags: tags));
    }
}
