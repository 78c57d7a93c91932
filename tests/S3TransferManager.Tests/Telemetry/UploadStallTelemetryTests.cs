using System.Diagnostics;
using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Tests.Fakes;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Telemetry;

/// <summary>
/// What an upload's stalls and retries leave in the Meter and on the part's span, on a fake clock: a stalled UploadPart
/// that is sent again counts one stall (<c>waiting</c>, <c>retried</c>) and one retry (<c>succeeded</c>), both as
/// counters by method and outcome and as span events; one that stalls on every attempt ends with a stall that
/// <c>gave_up</c> and retries that <c>failed</c>. A hedge's counter and span event are checked in <c>UploadHedgeTests</c>.
/// </summary>
public sealed class UploadStallTelemetryTests
{
    private const int PartSize = 5 * 1024 * 1024;
    private static readonly TimeSpan s_stall = TimeSpan.FromSeconds(15);
    private readonly TimerRecordingTimeProvider _time = new();
    private readonly StallingUploadS3 _s3 = new();
    private readonly string _bucket = "stall-telemetry-" + Guid.NewGuid().ToString("N")[..12];

    [Fact]
    public async Task ExecuteAsync_PartStalledOnceThenAnswered_CountsOneStallAndOneSucceededRetryWithSpanEvents()
    {
        _s3.Parts = (part, attempt) => part == 2 && attempt == 1 ? PartBehaviour.NeverAnswers : PartBehaviour.Answers;
        using var telemetry = new TelemetryRecorder(_bucket, "s3transfermanager.stalls", "s3transfermanager.retries");

        Task upload = Start();
        await _s3.NextStuckAsync();
        _time.Advance(s_stall);
        await AdvancePastRetryDelayAsync();
        await upload.WaitAsync(TimeSpan.FromSeconds(10));

        Assert.Equal(1, telemetry.Sum("s3transfermanager.stalls"));
        Assert.Equal(1, telemetry.Sum("s3transfermanager.stalls",
            ("rpc.method", "UploadPart"), ("s3transfermanager.stall.phase", "waiting"), ("s3transfermanager.outcome", "retried")));
        Assert.Equal(1, telemetry.Sum("s3transfermanager.retries"));
        Assert.Equal(1, telemetry.Sum("s3transfermanager.retries", ("rpc.method", "UploadPart"), ("s3transfermanager.outcome", "succeeded")));
        ActivityEvent[] events = EventsOfPart(telemetry, 2);
        Assert.Equal(["s3transfermanager.stall", "s3transfermanager.retry"], events.Select(e => e.Name));
        Assert.Equal(("retried", "waiting", 1), Describe(events[0]));
        Assert.Equal(("succeeded", null, 2), Describe(events[1]));
        Assert.Empty(EventsOfPart(telemetry, 1));
    }

    [Fact]
    public async Task ExecuteAsync_PartStalledOnEveryAttempt_CountsAStallThatGaveUpAndRetriesThatFailed()
    {
        _s3.Parts = (part, _) => part == 2 ? PartBehaviour.NeverAnswers : PartBehaviour.Answers;
        using var telemetry = new TelemetryRecorder(_bucket, "s3transfermanager.stalls", "s3transfermanager.retries");

        Task upload = Start();
        for (int attempt = 1; attempt <= 4; attempt++)
        {
            await _s3.NextStuckAsync();
            _time.Advance(s_stall);
            if (attempt < 4)
            {
                await AdvancePastRetryDelayAsync();
            }
        }

        await Assert.ThrowsAsync<RequestStalledException>(() => upload.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(3, telemetry.Sum("s3transfermanager.stalls", ("rpc.method", "UploadPart"), ("s3transfermanager.outcome", "retried")));
        Assert.Equal(1, telemetry.Sum("s3transfermanager.stalls", ("rpc.method", "UploadPart"), ("s3transfermanager.outcome", "gave_up")));
        Assert.Equal(3, telemetry.Sum("s3transfermanager.retries", ("rpc.method", "UploadPart"), ("s3transfermanager.outcome", "failed")));
        Assert.Equal(0, telemetry.Sum("s3transfermanager.retries", ("s3transfermanager.outcome", "succeeded")));
        ActivityEvent[] stalls = [.. EventsOfPart(telemetry, 2).Where(e => e.Name == "s3transfermanager.stall")];
        Assert.Equal(["retried", "retried", "retried", "gave_up"], stalls.Select(e => Describe(e).Outcome));
    }

    /// <summary>The span events of part <paramref name="partNumber"/>'s UploadPart span.</summary>
    private static ActivityEvent[] EventsOfPart(TelemetryRecorder telemetry, int partNumber) =>
        [.. telemetry.SpansNamed("S3TransferManager.UploadPart").Single(s => Equals(s.GetTagItem("aws.s3.part_number"), partNumber)).Events];

    private static (string? Outcome, string? Phase, int? Attempt) Describe(ActivityEvent e)
    {
        var tags = e.Tags.ToDictionary(t => t.Key, t => t.Value);
        return (tags.GetValueOrDefault("s3transfermanager.outcome") as string, tags.GetValueOrDefault("s3transfermanager.stall.phase") as string,
            tags.GetValueOrDefault("s3transfermanager.attempt") as int?);
    }

    private async Task AdvancePastRetryDelayAsync() =>
        _time.Advance(await _time.WaitForTimerAsync(due => due > TimeSpan.Zero && due <= TimeSpan.FromSeconds(1)));

    private Task<TransferUtilityUploadResponse> Start()
    {
        var request = new TransferUtilityUploadRequest
        {
            BucketName = _bucket,
            Key = "k",
            PartSize = PartSize,
            InputStream = new NonSeekableStream(TestData.Payload(2 * PartSize, seed: 3)),
        };
        request.Validate();
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 1, MinSizeBeforePartUpload = PartSize };
        var resources = new TransferResources(_s3.Mock.Object, config.Validated(), NullLogger.Instance, timeProvider: _time);
        return new UploadCommand(resources, request).ExecuteAsync(CancellationToken.None);
    }
}
