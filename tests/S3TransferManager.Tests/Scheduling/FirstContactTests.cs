using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>A utility's first requests to its endpoint: a few at first, more with each quick answer, up to the start
/// (or what a transfer foresees); the first answer that waited at the endpoint ends the growth there, and is remembered.</summary>
public sealed class FirstContactTests
{
    private static readonly TimeSpan RoundTrip = TimeSpan.FromMilliseconds(20);

    private static ConcurrencyController Controller() => new(initial: 20, floor: 10, ceiling: 64, firstContact: 8);

    [Fact]
    public void Answered_QuickAnswers_LetThreeMoreGoEachUpToTheStart()
    {
        ConcurrencyController controller = Controller();
        Assert.Equal(8, controller.Limit);

        Assert.Equal(11, controller.Answered(RoundTrip));
        Assert.Equal(14, controller.Answered(RoundTrip));
        Assert.Equal(17, controller.Answered(RoundTrip));
        Assert.Equal(20, controller.Answered(RoundTrip));

        Assert.False(controller.InFirstContact);
        Assert.Equal(20, controller.Answered(RoundTrip));
    }

    [Fact]
    public void Foresee_DuringFirstContact_RaisesWhereItGrowsToNotTheBudget()
    {
        ConcurrencyController controller = Controller();

        Assert.Equal(8, controller.Foresee(32));
        for (int i = 0; i < 8; i++)
        {
            controller.Answered(RoundTrip);
        }

        Assert.Equal(32, controller.Limit);
        Assert.False(controller.InFirstContact);
    }

    [Fact]
    public void Answered_AnAnswerThatWaitedAtTheEndpoint_StopsGrowthThereAndTheForeseenStartStaysBelowIt()
    {
        ConcurrencyController controller = Controller();
        controller.Answered(RoundTrip);
        controller.Answered(RoundTrip);

        // Over twice the quickest answer plus the slack: it waited behind others at the endpoint.
        Assert.Equal(14, controller.Answered(RoundTrip * 3));
        Assert.False(controller.InFirstContact);

        controller.Restart();
        Assert.Equal(14, controller.Foresee(32));
    }

    [Fact]
    public void Answered_WithinTwiceTheQuickestPlusSlack_StillGrows()
    {
        ConcurrencyController controller = Controller();
        controller.Answered(RoundTrip);

        Assert.Equal(14, controller.Answered((RoundTrip * 2) + TimeSpan.FromMilliseconds(4)));
    }

    [Fact]
    public void Refused_DuringFirstContact_EndsItWithTheCut()
    {
        ConcurrencyController controller = Controller();
        controller.Answered(RoundTrip);

        int cut = controller.Refused();

        Assert.False(controller.InFirstContact);
        Assert.Equal(cut, controller.Answered(RoundTrip));
        Assert.True(cut < 11);
    }

    [Fact]
    public void Constructor_NoFirstContact_StartsAtTheInitialBudgetAndAnswersChangeNothing()
    {
        var controller = new ConcurrencyController(initial: 20, floor: 10, ceiling: 64);

        Assert.False(controller.InFirstContact);
        Assert.Equal(20, controller.Answered(RoundTrip));
    }

    [Fact]
    public void Next_PushbackInAWindowDuringFirstContact_EndsItAndCuts()
    {
        ConcurrencyController controller = Controller();
        controller.Answered(RoundTrip);
        controller.Answered(RoundTrip);
        Assert.True(controller.InFirstContact);

        // A window of small requests sets the quick round trip, the next shows them taking five times as long.
        var window = TimeSpan.FromMilliseconds(100);
        controller.Next(new WindowSample(window, 1024 * 100, 100, 1, 100, RoundTrip, RoundTrip));
        int before = controller.Limit;
        var stretched = new WindowSample(window, 1024 * 20, 20, 1, 20, RoundTrip * 5, RoundTrip * 5);
        controller.Next(stretched);
        Assert.True(controller.InFirstContact); // one stretched window may be a pause
        controller.Next(stretched);

        Assert.False(controller.InFirstContact);
        Assert.True(controller.Limit < before);
    }
}
