using S3TransferManager.Requests;

namespace S3TransferManager.Tests.Requests;

/// <summary>The bounds learned from a utility's answers: conservative before data, then a multiple of a high
/// percentile, scaled by the body's size, between a floor and a ceiling.</summary>
public sealed class AnswerTimesTests
{
    private const long MiB = 1024 * 1024;
    private static readonly AnswerBounds s_defaults = AnswerBounds.For(TimeSpan.FromSeconds(15), EngineTuning.Default);

    [Fact]
    public void For_DefaultSettings_WaitsTheStallTimeoutBeforeDataAndThenBetween3And60Seconds()
    {
        Assert.Equal(TimeSpan.FromSeconds(15), s_defaults.BeforeData);
        Assert.Equal(TimeSpan.FromSeconds(3), s_defaults.Floor);
        Assert.Equal(TimeSpan.FromSeconds(60), s_defaults.Ceiling);
        Assert.Equal(TimeSpan.FromMilliseconds(100), s_defaults.HedgeFloor);
    }

    [Fact]
    public void For_StallTimeoutBelowTheFloorOrAboveTheCeiling_BoundsFollowIt()
    {
        AnswerBounds shortOne = AnswerBounds.For(TimeSpan.FromSeconds(1), EngineTuning.Default);
        AnswerBounds longOne = AnswerBounds.For(TimeSpan.FromMinutes(5), EngineTuning.Default);

        Assert.Equal(TimeSpan.FromSeconds(1), shortOne.Floor);
        Assert.Equal(TimeSpan.FromMinutes(5), longOne.Ceiling);
    }

    [Fact]
    public void StallBound_FewerThanEightAnswers_IsTheBoundBeforeData()
    {
        var times = new AnswerTimes(s_defaults);
        for (int i = 0; i < AnswerTimes.MinSamples - 1; i++)
        {
            times.Record(TimeSpan.FromMilliseconds(100), 8 * MiB);
        }

        Assert.Equal(TimeSpan.FromSeconds(15), times.StallBound(8 * MiB));
        Assert.Null(times.HedgeAfter(8 * MiB));
    }

    [Theory]
    [InlineData(1, 15)]
    [InlineData(8, 15)] // the first wave's 8 requests: the stall timeout
    [InlineData(16, 30)]
    [InlineData(32, 60)] // a server serving a few at a time answers the last of them after the others
    public void StallBound_BeforeDataWithManyRequestsInFlight_GrowsInProportion(int inFlight, int seconds)
    {
        var times = new AnswerTimes(s_defaults, () => inFlight);

        Assert.Equal(TimeSpan.FromSeconds(seconds), times.StallBound(0));
    }

    [Fact]
    public void StallBound_LearnedWithManyRequestsInFlight_IsTheLearnedBound()
    {
        var times = new AnswerTimes(s_defaults, () => 64);
        for (int i = 0; i < AnswerTimes.MinSamples; i++)
        {
            times.Record(TimeSpan.FromMilliseconds(100), 0);
        }

        Assert.Equal(TimeSpan.FromSeconds(3), times.StallBound(0));
    }

    [Fact]
    public void Record_AnAnswer_IsHeard()
    {
        var heard = new List<TimeSpan>();
        var times = new AnswerTimes(s_defaults, heard: heard.Add);

        times.Record(TimeSpan.FromMilliseconds(20), 0);

        Assert.Equal([TimeSpan.FromMilliseconds(20)], heard);
    }

    [Fact]
    public void StallBound_FastAnswers_IsTheFloor()
    {
        var times = Filled(TimeSpan.FromMilliseconds(100));

        Assert.Equal(TimeSpan.FromSeconds(3), times.StallBound(8 * MiB));
    }

    [Fact]
    public void StallBound_SlowerAnswers_IsFourTimesThe99thPercentile()
    {
        var times = new AnswerTimes(s_defaults);
        for (int i = 1; i <= 100; i++)
        {
            // 0.01 s .. 1.00 s: the 99th percentile (nearest rank) is 0.99 s.
            times.Record(TimeSpan.FromMilliseconds(10 * i), 0);
        }

        Assert.Equal(3.96, times.StallBound(0).TotalSeconds, precision: 6);
    }

    [Fact]
    public void StallBound_VerySlowAnswers_IsTheCeiling()
    {
        var times = Filled(TimeSpan.FromSeconds(40));

        Assert.Equal(TimeSpan.FromSeconds(60), times.StallBound(0));
    }

    [Fact]
    public void StallBound_LargerBody_ScalesWithItsSizeOverTheReference()
    {
        var times = Filled(TimeSpan.FromSeconds(1));

        Assert.Equal(TimeSpan.FromSeconds(4), times.StallBound(1));
        Assert.Equal(TimeSpan.FromSeconds(4), times.StallBound(8 * MiB));
        Assert.Equal(TimeSpan.FromSeconds(16), times.StallBound(32 * MiB));
    }

    [Fact]
    public void StallBound_AnswersOfLargeBodies_CountPerReferenceSize()
    {
        // 2 s for 32 MiB is 0.5 s per 8 MiB: an 8 MiB body gets 4 x 0.5 s.
        var times = Filled(TimeSpan.FromSeconds(2), 32 * MiB);

        Assert.Equal(TimeSpan.FromSeconds(3), times.StallBound(8 * MiB));
        Assert.Equal(TimeSpan.FromSeconds(8), times.StallBound(32 * MiB));
    }

    [Fact]
    public void StallBound_OldAnswersAgeOut_FollowsTheLast128()
    {
        var times = Filled(TimeSpan.FromSeconds(10));
        for (int i = 0; i < AnswerTimes.Capacity; i++)
        {
            times.Record(TimeSpan.FromSeconds(1), 0);
        }

        Assert.Equal(TimeSpan.FromSeconds(4), times.StallBound(0));
    }

    [Fact]
    public void StallBound_InfiniteStallTimeout_IsInfiniteWhateverWasLearned()
    {
        var times = new AnswerTimes(AnswerBounds.For(Timeout.InfiniteTimeSpan, EngineTuning.Default));
        for (int i = 0; i < 20; i++)
        {
            times.Record(TimeSpan.FromMilliseconds(1), 0);
        }

        Assert.Equal(Timeout.InfiniteTimeSpan, times.StallBound(0));
        Assert.Equal(TimeSpan.FromMilliseconds(100), times.HedgeAfter(0));
    }

    [Fact]
    public void HedgeAfter_SpreadAnswers_IsThreeTimesThe90thPercentile()
    {
        var times = new AnswerTimes(s_defaults);
        for (int i = 1; i <= 100; i++)
        {
            times.Record(TimeSpan.FromMilliseconds(10 * i), 0);
        }

        Assert.Equal(2.7, times.HedgeAfter(0)!.Value.TotalSeconds, precision: 6);
    }

    [Fact]
    public void HedgeAfter_VeryFastAnswers_IsTheHedgeFloor()
    {
        var times = Filled(TimeSpan.FromMilliseconds(5));

        Assert.Equal(TimeSpan.FromMilliseconds(100), times.HedgeAfter(8 * MiB));
    }

    [Fact]
    public void HedgeAfter_AboveTheStallBound_IsTheStallBound()
    {
        // 3 x p90 = 150 s, above the 60 s ceiling of the stall bound.
        var times = Filled(TimeSpan.FromSeconds(50));

        Assert.Equal(times.StallBound(0), times.HedgeAfter(0));
    }

    [Fact]
    public void Record_FromManyThreads_CountsEveryAnswer()
    {
        var times = new AnswerTimes(s_defaults);

        Parallel.For(0, 1000, i => times.Record(TimeSpan.FromMilliseconds(i % 50), 0));

        Assert.Equal(1000, times.Count);
        Assert.Equal(TimeSpan.FromSeconds(3), times.StallBound(0));
    }

    private static AnswerTimes Filled(TimeSpan each, long bytes = 0)
    {
        var times = new AnswerTimes(s_defaults);
        for (int i = 0; i < AnswerTimes.Capacity; i++)
        {
            times.Record(each, bytes);
        }

        return times;
    }
}
