using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Tests.Output;

public sealed class ProgressTextTests
{
    private const long MiB = 1024 * 1024;

    [Fact]
    public void Status_UnknownTotal_BytesSpeedAndElapsedOnly()
    {
        var s = new ProgressSnapshot(ProgressPhase.Sending, 48 * MiB, -1, ShowsShare: false, 4 * MiB, TimeSpan.FromSeconds(12));

        Assert.Equal("48.0 MiB 4.0 MiB/s 00:12", ProgressText.Status(s));
    }

    [Fact]
    public void Status_KnownTotal_ShareAndTimeLeft()
    {
        var s = new ProgressSnapshot(ProgressPhase.Sending, 25 * MiB, 100 * MiB, ShowsShare: true, 5 * MiB, TimeSpan.FromSeconds(5));

        Assert.Equal(" 25% 25.0 MiB/100.0 MiB 5.0 MiB/s 00:05 ETA 00:15", ProgressText.Status(s));
    }

    [Fact]
    public void Status_Completing_SaysSoWithoutSpeed()
    {
        var s = new ProgressSnapshot(ProgressPhase.Completing, 100 * MiB, 100 * MiB, ShowsShare: true, 0, TimeSpan.FromSeconds(21));

        Assert.Equal("100.0 MiB sent, completing 00:21", ProgressText.Status(s));
    }

    [Fact]
    public void Status_AfterAnHour_ShowsHours()
    {
        var s = new ProgressSnapshot(ProgressPhase.Done, 100 * MiB, 100 * MiB, ShowsShare: true, MiB, TimeSpan.FromSeconds(3700));

        Assert.Equal("100.0 MiB 1.0 MiB/s 1:01:40 done", ProgressText.Status(s));
    }

    [Fact]
    public void Line_EachPhase_OneSentence()
    {
        var unknown = new ProgressSnapshot(ProgressPhase.Sending, 48 * MiB, -1, ShowsShare: false, 4 * MiB, TimeSpan.FromSeconds(12));
        var completing = unknown with { Phase = ProgressPhase.Completing };
        var done = unknown with { Phase = ProgressPhase.Done };

        Assert.Equal(
            ["up: 48.0 MiB, 4.0 MiB/s", "up: all 48.0 MiB sent, completing", "up: done, 48.0 MiB in 12.0 s (4.0 MiB/s)"],
            [ProgressText.Line("up", unknown), ProgressText.Line("up", completing), ProgressText.Line("up", done)]);
    }
}
