using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Requests;
using S3TransferManager.Tests.Fakes;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Upload;

/// <summary>
/// Hedging an UploadPart, on a fake clock: with hedging on, a part whose answer is late (here, never comes) gets a
/// second attempt once the learned hedge wait has passed after its body was sent; the first answer is kept and the
/// slow attempt canceled. With hedging off (the default) nothing is sent alongside: the part waits for its stall bound.
/// Nine parts answer at once first, so the hedge wait is its floor, 100 ms.
/// </summary>
public sealed class UploadHedgeTests : IDisposable
{
    private const int MiB = 1024 * 1024;
    private const int PartSize = 5 * MiB;
    private const int Parts = 10;
    private readonly TimerRecordingTimeProvider _time = new();
    private readonly StallingUploadS3 _s3 = new();
    private readonly string _bucket = "hedge-" + Guid.NewGuid().ToString("N")[..12];
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-hedge-").FullName;
    private readonly TaskCompletionSource _othersAnswered = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private byte[] _content = [];

    // The utility's record of UploadPart answer times, which the hedge wait is learned from.
    private AnswerTimes? _answers;

    public UploadHedgeTests()
    {
        // The last part's first attempt reads its body once every other part has answered, and then gets no answer.
        _s3.Parts = (part, attempt) => part == Parts && attempt == 1 ? PartBehaviour.NeverAnswers : PartBehaviour.Answers;
        _s3.BeforeBody = (part, attempt) => part == Parts && attempt == 1 ? OthersRecordedAsync() : Task.CompletedTask;
        _s3.OnAnswered = answered =>
        {
            if (answered == Parts - 1)
            {
                _othersAnswered.TrySetResult();
            }
        };
    }

    public static TheoryData<string> Sources => ["file", "stream"];

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task ExecuteAsync_HedgingOnAndAPartSlow_SendsASecondAttemptAfterTheHedgeWaitAndKeepsItsAnswer(string source)
    {
        using var telemetry = new TelemetryRecorder(_bucket, "s3transfermanager.hedges", "s3transfermanager.stalls");

        Task<TransferUtilityUploadResponse> upload = Start(source, hedge: true);
        StuckCall slow = await _s3.NextStuckAsync();
        Assert.Equal((Parts, 1), (slow.PartNumber, slow.Attempt));
        await _time.WaitForTimerAsync(TimeSpan.FromMilliseconds(100));
        _time.Advance(TimeSpan.FromMilliseconds(100));

        await upload.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.True(slow.Token.IsCancellationRequested);
        Assert.Equal(2, _s3.AttemptsOf(Parts));
        Assert.Equal(TestData.Sha256(_content.AsSpan((Parts - 1) * PartSize, PartSize)), _s3.Bodies[(Parts, 2)]);
        Assert.Equal($"\"p{Parts}-2\"", _s3.Completed!.PartETags.Single(p => p.PartNumber == Parts).ETag);
        Assert.Equal(1, telemetry.Sum("s3transfermanager.hedges", ("s3transfermanager.outcome", "won"), ("rpc.method", "UploadPart")));
        Assert.Equal(0, telemetry.Sum("s3transfermanager.stalls"));
        System.Diagnostics.ActivityEvent hedge = Assert.Single(telemetry.SpansNamed("S3TransferManager.UploadPart")
            .Single(s => Equals(s.GetTagItem("aws.s3.part_number"), Parts)).Events);
        Assert.Equal("s3transfermanager.hedge", hedge.Name);
        Assert.Contains(new KeyValuePair<string, object?>("s3transfermanager.outcome", "won"), hedge.Tags);
        Assert.Equal(0, _s3.Aborts);
    }

    [Fact]
    public async Task ExecuteAsync_HedgingOff_SendsNothingAlongsideAndWaitsForTheStallBound()
    {
        using var telemetry = new TelemetryRecorder(_bucket, "s3transfermanager.hedges", "s3transfermanager.stalls");

        Task<TransferUtilityUploadResponse> upload = Start("file", hedge: false);
        StuckCall slow = await _s3.NextStuckAsync();
        _time.Advance(TimeSpan.FromSeconds(3));
        Assert.True(slow.Token.IsCancellationRequested);
        _time.Advance(await _time.WaitForTimerAsync(due => due > TimeSpan.Zero && due <= TimeSpan.FromSeconds(1)));

        await upload.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.Equal(2, _s3.AttemptsOf(Parts));
        Assert.Equal(0, telemetry.Sum("s3transfermanager.hedges"));
        Assert.Equal(1, telemetry.Sum("s3transfermanager.stalls", ("s3transfermanager.stall.phase", "waiting"), ("s3transfermanager.outcome", "retried")));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    /// <summary>Once the fake has answered the other parts and the utility has recorded enough of those answers to learn
    /// a hedge wait: the fake answers a moment before the library reads each answer, and a part sent before then would
    /// have no learned wait, hence no hedge.</summary>
    private async Task OthersRecordedAsync()
    {
        await _othersAnswered.Task;
        Assert.True(SpinWait.SpinUntil(() => _answers!.Count >= AnswerTimes.MinSamples, TimeSpan.FromSeconds(10)),
            "the utility did not record the other parts' answers");
    }

    private Task<TransferUtilityUploadResponse> Start(string source, bool hedge)
    {
        _content = TestData.Payload(Parts * PartSize, seed: 9);
        var request = new TransferUtilityUploadRequest { BucketName = _bucket, Key = "k", PartSize = PartSize };
        if (source == "file")
        {
            request.FilePath = Path.Combine(_folder, "source.bin");
            File.WriteAllBytes(request.FilePath, _content);
        }
        else
        {
            request.InputStream = new NonSeekableStream(_content);
        }

        request.Validate();
        // The automatic budget: slots are free for the hedge once the other parts answered.
        var config = new TransferUtilityConfig { MinSizeBeforePartUpload = PartSize, HedgeSlowRequests = hedge };
        var resources = new TransferResources(_s3.Mock.Object, config.Validated(), NullLogger.Instance, timeProvider: _time);
        _answers = resources.Answers.Uploads;
        return new UploadCommand(resources, request).ExecuteAsync(CancellationToken.None);
    }
}
