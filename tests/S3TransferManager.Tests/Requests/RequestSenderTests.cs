using System.Threading.Channels;
using Amazon.S3;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.Requests;

namespace S3TransferManager.Tests.Requests;

/// <summary>Attempts of one call (<see cref="RequestSender"/>): a stalled one is awaited, then sent again after the
/// policy's delay, within the budget; when the budget runs out the error says which request stalled, where, for how long,
/// after how many attempts. On a fake clock.</summary>
public sealed class RequestSenderTests
{
    private static readonly TimeSpan s_stall = TimeSpan.FromSeconds(15);
    private static readonly TimeSpan s_delay = TimeSpan.FromMilliseconds(100);
    private readonly TimerRecordingTimeProvider _time = new();
    private readonly Channel<int> _attempts = Channel.CreateUnbounded<int>();
    private readonly RecordingObserver _observer = new();

    [Fact]
    public async Task SendAsync_FirstAttemptNeverAnswered_SendsAgainAfterTheBoundAndTheDelay()
    {
        Task<string> sent = Sender(maxResumes: 3).SendAsync(Spec(), (watch, _) => Attempt(watch, answerFrom: 2), CancellationToken.None);
        await NextAttemptAsync();
        _time.Advance(s_stall);
        await _time.WaitForTimerAsync(s_delay);
        _time.Advance(s_delay);

        Assert.Equal("answer 2", await sent.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal([(1, true)], _observer.Stalls);
        Assert.Equal([(2, "succeeded")], _observer.Retries);
    }

    [Fact]
    public async Task SendAsync_EveryAttemptStalls_ThrowsRequestStalledExceptionNamingTheRequest()
    {
        Task<string> sent = Sender(maxResumes: 2).SendAsync(Spec(), (watch, _) => Attempt(watch, answerFrom: int.MaxValue), CancellationToken.None);
        for (int attempt = 1; attempt <= 3; attempt++)
        {
            await NextAttemptAsync();
            _time.Advance(s_stall);
            if (attempt < 3)
            {
                // The delay doubles with each retry (the jitter is fixed at its top).
                TimeSpan delay = s_delay * (1 << (attempt - 1));
                await _time.WaitForTimerAsync(delay);
                _time.Advance(delay);
            }
        }

        var error = await Assert.ThrowsAsync<RequestStalledException>(() => sent.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal("CreateMultipartUpload", error.Operation);
        Assert.Equal("b", error.BucketName);
        Assert.Equal("k", error.Key);
        Assert.Null(error.PartNumber);
        Assert.Equal(3, error.Attempts);
        Assert.Equal(s_stall, error.StalledFor);
        Assert.False(error.WhileSending);
        Assert.Equal([(1, true), (2, true), (3, false)], _observer.Stalls);
        Assert.Equal([(2, "failed"), (3, "failed")], _observer.Retries);
    }

    [Fact]
    public async Task SendAsync_AttemptFailsOtherwise_ThrowsThatErrorWithoutRetrying()
    {
        Task<string> sent = Sender(maxResumes: 3).SendAsync<string>(Spec(), (_, _) => throw new InvalidOperationException("refused"),
            CancellationToken.None);

        await Assert.ThrowsAsync<InvalidOperationException>(() => sent.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Empty(_observer.Stalls);
    }

    [Fact]
    public async Task SendAsync_CallerCancels_ThrowsOperationCanceledWithoutCallingItAStall()
    {
        using var cancellation = new CancellationTokenSource();

        Task<string> sent = Sender(maxResumes: 3).SendAsync(Spec(), (watch, _) => Attempt(watch, answerFrom: int.MaxValue), cancellation.Token);
        await NextAttemptAsync();
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => sent.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Empty(_observer.Stalls);
    }

    [Fact]
    public async Task SendAsync_HedgeTookAnAttempt_LeavesOneRetryFewer()
    {
        var attempts = new AttemptBudget(2);
        Assert.True(attempts.TryTake());

        Task<string> sent = Sender(maxResumes: 1).SendAsync(Spec() with { Attempts = attempts }, (watch, _) => Attempt(watch, answerFrom: int.MaxValue),
            CancellationToken.None);
        await NextAttemptAsync();
        _time.Advance(s_stall);

        var error = await Assert.ThrowsAsync<RequestStalledException>(() => sent.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(2, error.Attempts);
    }

    /// <summary>A call whose answer is held to the stall timeout, fixed (a listing page's kind).</summary>
    private static CallSpec Spec() => new(new RequestTarget("CreateMultipartUpload", "b", "k"), RequestKind.Page);

    private RequestSender Sender(int maxResumes)
    {
        var config = new TransferUtilityConfig
        {
            BodyStallTimeout = s_stall, InterruptedBodyRetryAttempts = maxResumes, InterruptedBodyRetryDelay = s_delay,
        }.Validated();
        var resources = new TransferResources(new Mock<IAmazonS3>().Object, config, NullLogger.Instance, timeProvider: _time,
            tuning: EngineTuning.Default with { RetryJitter = () => 1.0 });
        return new RequestSender(resources, _observer);
    }

    private int _count;

    /// <summary>Attempt n answers when n reaches <paramref name="answerFrom"/>; before that it never answers, until its
    /// token is canceled.</summary>
    private async Task<string> Attempt(RequestWatch watch, int answerFrom)
    {
        int attempt = Interlocked.Increment(ref _count);
        _attempts.Writer.TryWrite(attempt);
        if (attempt >= answerFrom)
        {
            return $"answer {attempt}";
        }

        await Task.Delay(Timeout.InfiniteTimeSpan, watch.Token);
        throw new InvalidOperationException("unreachable");
    }

    private async Task NextAttemptAsync() => await _attempts.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10));

    private sealed class RecordingObserver : IAttemptObserver
    {
        public List<(int Attempt, bool Retried)> Stalls { get; } = [];

        public List<(int Attempt, string Outcome)> Retries { get; } = [];

        public void Stalled(int attempt, RequestStalledException stall, bool retried)
        {
            lock (Stalls)
            {
                Stalls.Add((attempt, retried));
            }
        }

        public void RetryEnded(int attempt, Exception reason, string outcome)
        {
            lock (Retries)
            {
                Retries.Add((attempt, outcome));
            }
        }
    }
}
