using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Tests.Fakes;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Upload;

/// <summary>
/// Upload requests that stall, from a file and from a non-seekable stream, with the default bounds on a fake clock
/// (nothing waits in real time): an UploadPart never answered, an UploadPart whose body stops being sent, a
/// CreateMultipartUpload never answered, and a CompleteMultipartUpload silent for twice the bound. The first three are
/// sent again after their bound (15 s before the utility has learned better; the body's bytes again, from the file or
/// from the part's buffer) and end right well within 30 s; the last is waited for, never sent again. The parts go one at
/// a time (one request in flight), so each bound can be run out exactly.
/// </summary>
public sealed class UploadStallTests : IDisposable
{
    private const int MiB = 1024 * 1024;
    private const int PartSize = 5 * MiB;
    private static readonly TimeSpan s_defaultStall = TimeSpan.FromSeconds(15);
    private static readonly TimeSpan s_tick = TimeSpan.FromTicks(1);
    private readonly TimerRecordingTimeProvider _time = new();
    private readonly StallingUploadS3 _s3 = new();
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-stall-").FullName;
    private byte[] _content = [];

    public static TheoryData<string> Sources => ["file", "stream"];

    [Fact]
    public void Defaults_StallTimeoutIs15SecondsAndCompleteWaits10Minutes()
    {
        Assert.Equal(s_defaultStall, new TransferUtilityConfig().BodyStallTimeout);
        Assert.Equal(TimeSpan.FromMinutes(10), EngineTuning.Default.CompleteAnswerLimit);
    }

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task ExecuteAsync_UploadPartNeverAnswered_SendsThePartAgainAfter15SecondsAndEndsRight(string source)
    {
        _s3.Parts = (part, attempt) => part == 2 && attempt == 1 ? PartBehaviour.NeverAnswers : PartBehaviour.Answers;
        DateTimeOffset start = _time.GetUtcNow();

        Task<TransferUtilityUploadResponse> upload = Start(source, parts: 2);
        StuckCall stuck = await _s3.NextStuckAsync();
        Assert.Equal(("UploadPart", 2, 1), (stuck.Operation, stuck.PartNumber, stuck.Attempt));
        RunOut(stuck, s_defaultStall);
        await AdvancePastRetryDelayAsync();

        await upload.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.Equal(2, _s3.AttemptsOf(2));
        Assert.Equal(Sha256OfPart(2), _s3.Bodies[(2, 2)]);
        Assert.Equal("\"p2-2\"", _s3.Completed!.PartETags.Single(p => p.PartNumber == 2).ETag);
        Assert.Equal(0, _s3.Aborts);
        Assert.True(_time.GetUtcNow() - start < TimeSpan.FromSeconds(30));
    }

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task ExecuteAsync_UploadPartStallsMidBody_SendsThePartAgainFromItsOwnBytesAndEndsRight(string source)
    {
        _s3.Parts = (part, attempt) => part == 2 && attempt == 1 ? PartBehaviour.StallsMidBody : PartBehaviour.Answers;
        DateTimeOffset start = _time.GetUtcNow();

        Task<TransferUtilityUploadResponse> upload = Start(source, parts: 2);
        StuckCall stuck = await _s3.NextStuckAsync();
        RunOut(stuck, s_defaultStall);
        await AdvancePastRetryDelayAsync();

        await upload.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.False(_s3.Bodies.ContainsKey((2, 1)));
        Assert.Equal(Sha256OfPart(2), _s3.Bodies[(2, 2)]);
        Assert.Equal(0, _s3.Aborts);
        Assert.True(_time.GetUtcNow() - start < TimeSpan.FromSeconds(30));
    }

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task ExecuteAsync_CreateNeverAnswered_SendsItAgainAfter15SecondsAndEndsRight(string source)
    {
        _s3.CreateAnswers = attempt => attempt > 1;
        DateTimeOffset start = _time.GetUtcNow();

        Task<TransferUtilityUploadResponse> upload = Start(source, parts: 2);
        StuckCall stuck = await _s3.NextStuckAsync();
        Assert.Equal("CreateMultipartUpload", stuck.Operation);
        RunOut(stuck, s_defaultStall);
        await AdvancePastRetryDelayAsync();

        await upload.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.Equal(2, _s3.Creates);
        Assert.Equal(Sha256OfPart(1), _s3.Bodies[(1, 1)]);
        Assert.Equal(0, _s3.Aborts);
        Assert.True(_time.GetUtcNow() - start < TimeSpan.FromSeconds(30));
    }

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task ExecuteAsync_CompleteSilentForTwiceTheBound_WaitsForItsAnswerWithoutSendingItAgain(string source)
    {
        var answer = new TaskCompletionSource();
        _s3.CompleteGate = answer.Task;

        Task<TransferUtilityUploadResponse> upload = Start(source, parts: 2);
        StuckCall stuck = await _s3.NextStuckAsync();
        Assert.Equal("CompleteMultipartUpload", stuck.Operation);
        _time.Advance(2 * s_defaultStall);
        Assert.False(stuck.Token.IsCancellationRequested);
        answer.SetResult();

        TransferUtilityUploadResponse response = await upload.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.Equal("\"done\"", response.ETag);
        Assert.Equal(1, _s3.Completes);
        Assert.Equal(0, _s3.Aborts);
    }

    [Fact]
    public async Task ExecuteAsync_CompleteNeverAnswered_FailsAfter10MinutesWithoutSendingItAgainAndAborts()
    {
        _s3.CompleteGate = new TaskCompletionSource().Task;

        Task<TransferUtilityUploadResponse> upload = Start("file", parts: 2);
        StuckCall stuck = await _s3.NextStuckAsync();
        RunOut(stuck, TimeSpan.FromMinutes(10));

        var error = await Assert.ThrowsAsync<RequestStalledException>(() => upload.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal("CompleteMultipartUpload", error.Operation);
        Assert.Equal(1, error.Attempts);
        Assert.Equal(1, _s3.Completes);
        Assert.Equal(1, _s3.Aborts);
    }

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task ExecuteAsync_UploadPartNeverAnsweredOnAnyAttempt_AbortsAndThrowsRequestStalledException(string source)
    {
        _s3.Parts = (part, _) => part == 2 ? PartBehaviour.NeverAnswers : PartBehaviour.Answers;

        Task<TransferUtilityUploadResponse> upload = Start(source, parts: 2);
        for (int attempt = 1; attempt <= 4; attempt++)
        {
            RunOut(await _s3.NextStuckAsync(), s_defaultStall);
            if (attempt < 4)
            {
                await AdvancePastRetryDelayAsync();
            }
        }

        var error = await Assert.ThrowsAsync<RequestStalledException>(() => upload.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(("UploadPart", 2, 4, false), (error.Operation, error.PartNumber, error.Attempts, error.WhileSending));
        Assert.Equal(s_defaultStall, error.StalledFor);
        Assert.Equal(1, _s3.Aborts);
        Assert.Equal(0, _s3.Completes);
    }

    [Fact]
    public async Task ExecuteAsync_EnoughQuickAnswersSeen_WaitsOnlyTheLearnedFloorOf3Seconds()
    {
        // Create and nine parts answered at once: the bound for the tenth is the floor, not the 15 s before data.
        _s3.Parts = (part, attempt) => part == 10 && attempt == 1 ? PartBehaviour.NeverAnswers : PartBehaviour.Answers;

        Task<TransferUtilityUploadResponse> upload = Start("stream", parts: 10);
        RunOut(await _s3.NextStuckAsync(), TimeSpan.FromSeconds(3));
        await AdvancePastRetryDelayAsync();

        await upload.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.Equal(Sha256OfPart(10), _s3.Bodies[(10, 2)]);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    /// <summary>Runs the stuck call's clock up to just short of <paramref name="bound"/> (it holds on), then to the
    /// bound (it is canceled).</summary>
    private void RunOut(StuckCall stuck, TimeSpan bound)
    {
        _time.Advance(bound - s_tick);
        Assert.False(stuck.Token.IsCancellationRequested, $"{stuck.Operation} was given up before {bound}.");
        _time.Advance(s_tick);
        Assert.True(stuck.Token.IsCancellationRequested, $"{stuck.Operation} was not given up at {bound}.");
    }

    /// <summary>Lets the jittered delay before the next attempt (at most a second in these tests) run out.</summary>
    private async Task AdvancePastRetryDelayAsync() =>
        _time.Advance(await _time.WaitForTimerAsync(due => due > TimeSpan.Zero && due <= TimeSpan.FromSeconds(1)));

    private Task<TransferUtilityUploadResponse> Start(string source, int parts)
    {
        _content = TestData.Payload(parts * PartSize, seed: 5);
        var request = new TransferUtilityUploadRequest { BucketName = "b", Key = "k", PartSize = PartSize };
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
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 1, MinSizeBeforePartUpload = PartSize };
        var resources = new TransferResources(_s3.Mock.Object, config.Validated(), NullLogger.Instance, timeProvider: _time);
        return new UploadCommand(resources, request).ExecuteAsync(CancellationToken.None);
    }

    private string Sha256OfPart(int partNumber) => TestData.Sha256(_content.AsSpan((partNumber - 1) * PartSize, PartSize));
}
