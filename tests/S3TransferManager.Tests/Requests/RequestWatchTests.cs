using Microsoft.Extensions.Time.Testing;
using S3TransferManager.Requests;

namespace S3TransferManager.Tests.Requests;

/// <summary>One attempt's watch: a body that stops being sent, and an answer that does not come, each cancel the
/// attempt at their bound; progress and answers do not. On a fake clock.</summary>
public sealed class RequestWatchTests
{
    private static readonly TimeSpan s_send = TimeSpan.FromSeconds(15);
    private static readonly TimeSpan s_answer = TimeSpan.FromSeconds(10);
    private readonly FakeTimeProvider _time = new();

    [Fact]
    public void Progress_StopsWhileSending_StallsAfterTheSendBoundFromTheLastByte()
    {
        using RequestWatch watch = Watch(bytes: 100);
        _time.Advance(TimeSpan.FromSeconds(10));
        watch.Progress();

        _time.Advance(s_send - TimeSpan.FromTicks(1));
        Assert.False(watch.Token.IsCancellationRequested);
        _time.Advance(TimeSpan.FromTicks(1));

        Assert.True(watch.Token.IsCancellationRequested);
        Assert.True(watch.HasStalled);
        Assert.True(watch.StalledWhileSending);
        Assert.Equal(s_send, watch.StalledFor);
    }

    [Fact]
    public void Progress_KeptUp_NeverStallsHoweverLongTheSend()
    {
        using RequestWatch watch = Watch(bytes: 100);
        for (int i = 0; i < 20; i++)
        {
            _time.Advance(TimeSpan.FromSeconds(10));
            watch.Progress();
        }

        Assert.False(watch.HasStalled);
        Assert.False(watch.Token.IsCancellationRequested);
    }

    [Fact]
    public void Sent_NoAnswer_StallsAfterTheAnswerBoundPlusTheTimeTheBodyTook()
    {
        using RequestWatch watch = Watch(bytes: 100);
        _time.Advance(TimeSpan.FromSeconds(2));
        watch.Sent();
        Assert.Equal(s_answer + TimeSpan.FromSeconds(2), watch.AnswerBound);

        _time.Advance(s_answer + TimeSpan.FromSeconds(2) - TimeSpan.FromTicks(1));
        Assert.False(watch.HasStalled);
        _time.Advance(TimeSpan.FromTicks(1));

        Assert.True(watch.HasStalled);
        Assert.False(watch.StalledWhileSending);
    }

    [Fact]
    public void Constructor_NoBody_WaitsForTheAnswerAtOnce()
    {
        using RequestWatch watch = Watch(bytes: 0);

        _time.Advance(s_answer);

        Assert.True(watch.HasStalled);
        Assert.False(watch.StalledWhileSending);
    }

    [Fact]
    public void Progress_AfterSent_WatchesTheBodyAgain()
    {
        // The client sends the body again (its own retry after an error answer): a send, with the send bound.
        using RequestWatch watch = Watch(bytes: 100, answerBound: TimeSpan.FromSeconds(1));
        watch.Sent();
        watch.Progress();

        _time.Advance(TimeSpan.FromSeconds(5));
        Assert.False(watch.HasStalled);
        _time.Advance(s_send);

        Assert.True(watch.HasStalled);
        Assert.True(watch.StalledWhileSending);
    }

    [Fact]
    public void Answered_BeforeTheBound_RecordsTheWaitAndNeverStalls()
    {
        var answers = new AnswerTimes(new AnswerBounds(s_answer, TimeSpan.FromSeconds(3), TimeSpan.FromSeconds(60), TimeSpan.FromMilliseconds(100)));
        using var watch = new RequestWatch(_time, s_send, answers, Timeout.InfiniteTimeSpan, 100, CancellationToken.None);
        watch.Sent();
        _time.Advance(TimeSpan.FromSeconds(1));

        watch.Answered();
        _time.Advance(TimeSpan.FromMinutes(5));

        Assert.False(watch.HasStalled);
        Assert.False(watch.Token.IsCancellationRequested);
        Assert.Equal(1, answers.Count);
    }

    [Fact]
    public void Abandon_CancelsWithoutCallingItAStall()
    {
        using RequestWatch watch = Watch(bytes: 100);

        watch.Abandon();

        Assert.True(watch.Token.IsCancellationRequested);
        Assert.False(watch.HasStalled);
    }

    [Fact]
    public void Token_CallerCancels_CancelsTheAttemptWithoutAStall()
    {
        using var caller = new CancellationTokenSource();
        using var watch = new RequestWatch(_time, s_send, null, s_answer, 100, caller.Token);

        caller.Cancel();

        Assert.True(watch.Token.IsCancellationRequested);
        Assert.False(watch.HasStalled);
    }

    [Fact]
    public void Constructor_InfiniteBounds_NeverStalls()
    {
        using var watch = new RequestWatch(_time, Timeout.InfiniteTimeSpan, null, Timeout.InfiniteTimeSpan, 100, CancellationToken.None);
        watch.Sent();

        _time.Advance(TimeSpan.FromDays(1));

        Assert.False(watch.HasStalled);
    }

    [Fact]
    public async Task WhenSent_CompletesOnTheFirstSent()
    {
        using RequestWatch watch = Watch(bytes: 100);
        Task sent = watch.WhenSent();
        Assert.False(sent.IsCompleted);

        watch.Sent();

        await sent.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.True(watch.WhenSent().IsCompleted);
    }

    private RequestWatch Watch(long bytes, TimeSpan? answerBound = null) =>
        new(_time, s_send, answers: null, answerBound ?? s_answer, bytes, CancellationToken.None);
}
