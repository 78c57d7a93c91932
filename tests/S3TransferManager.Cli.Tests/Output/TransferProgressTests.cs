using Microsoft.Extensions.Time.Testing;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Tests.Output;

public sealed class TransferProgressTests
{
    private const long MiB = 1024 * 1024;
    private readonly FakeTimeProvider _time = new();

    [Fact]
    public void Report_UploadOfUnknownLength_ShowsNoShareEvenOnceTheLengthArrives()
    {
        var progress = new TransferProgress(ProgressKind.Upload, -1, _time);

        progress.Report(16 * MiB, -1);
        ProgressSnapshot sending = progress.Snapshot();
        progress.Report(20 * MiB, 40 * MiB);

        Assert.Equal((ProgressPhase.Sending, false, (TimeSpan?)null), (sending.Phase, sending.ShowsShare, sending.Remaining));
        Assert.False(progress.Snapshot().ShowsShare);
    }

    [Fact]
    public void Report_EveryByteOfAnUploadSent_IsCompletingUntilFinished()
    {
        var progress = new TransferProgress(ProgressKind.Upload, 40 * MiB, _time);
        var shownAtOnce = new List<(long, ProgressPhase)>();
        progress.Changed = now =>
        {
            if (now)
            {
                shownAtOnce.Add((progress.Snapshot().Done, progress.Snapshot().Phase));
            }
        };

        progress.Report(10 * MiB, 40 * MiB);
        progress.Report(20 * MiB, 40 * MiB);
        progress.Report(40 * MiB, 40 * MiB);
        progress.Finish();

        // The first bytes and each new phase are drawn at once; reports in between wait for the next frame.
        Assert.Equal([(10 * MiB, ProgressPhase.Sending), (40 * MiB, ProgressPhase.Completing), (40 * MiB, ProgressPhase.Done)], shownAtOnce);
    }

    [Fact]
    public void SourceEnded_AfterItsLastBytesWereReported_IsCompleting()
    {
        var progress = new TransferProgress(ProgressKind.Upload, -1, _time);
        progress.Report(32 * MiB, -1);

        progress.SourceEnded(32 * MiB);

        Assert.Equal(ProgressPhase.Completing, progress.Snapshot().Phase);
    }

    [Fact]
    public void SourceEnded_BeforeItsLastBytesAreSent_WaitsForThem()
    {
        var progress = new TransferProgress(ProgressKind.Upload, -1, _time);
        progress.Report(16 * MiB, -1);
        progress.SourceEnded(40 * MiB);
        ProgressPhase before = progress.Snapshot().Phase;

        progress.Report(40 * MiB, -1);

        Assert.Equal((ProgressPhase.Sending, ProgressPhase.Completing), (before, progress.Snapshot().Phase));
    }

    [Fact]
    public void Report_AllOfASinglePutReported_IsNotCompleting()
    {
        // The library counts a PutObject's bytes once S3 has answered it: nothing is left to wait for.
        var progress = new TransferProgress(ProgressKind.Upload, 3 * MiB, _time, multipartFrom: 16 * MiB);

        progress.Report(3 * MiB, 3 * MiB);

        Assert.Equal(ProgressPhase.Sending, progress.Snapshot().Phase);
    }

    [Fact]
    public void Report_DownloadAtItsTotal_IsNeverCompleting()
    {
        var progress = new TransferProgress(ProgressKind.Download, -1, _time);

        progress.Report(8 * MiB, 8 * MiB);

        Assert.Equal((ProgressPhase.Sending, true, 100), (progress.Snapshot().Phase, progress.Snapshot().ShowsShare, progress.Snapshot().Percent));
    }

    [Fact]
    public void Report_Directory_NeverShowsAShare()
    {
        var progress = new TransferProgress(ProgressKind.Directory, -1, _time);

        progress.Report(5 * MiB, 10 * MiB);

        Assert.Equal((false, ProgressPhase.Sending), (progress.Snapshot().ShowsShare, progress.Snapshot().Phase));
    }

    [Fact]
    public void Snapshot_KnownTotal_GivesSpeedAndTimeLeftFromTheLastSeconds()
    {
        var progress = new TransferProgress(ProgressKind.Upload, 100 * MiB, _time);
        for (int second = 1; second <= 5; second++)
        {
            _time.Advance(TimeSpan.FromSeconds(1));
            progress.Report(second * 10 * MiB, 100 * MiB);
        }

        ProgressSnapshot s = progress.Snapshot();

        Assert.Equal(10 * MiB, s.BytesPerSecond, precision: 0);
        Assert.Equal((TimeSpan?)TimeSpan.FromSeconds(5), s.Remaining);
        Assert.Equal(TimeSpan.FromSeconds(5), s.Elapsed);
    }

    [Fact]
    public void Snapshot_NothingMovedForAWhile_SpeedFalls()
    {
        var progress = new TransferProgress(ProgressKind.Upload, -1, _time);
        _time.Advance(TimeSpan.FromSeconds(1));
        progress.Report(10 * MiB, -1);
        double moving = progress.Snapshot().BytesPerSecond;

        _time.Advance(TimeSpan.FromSeconds(9));

        Assert.True(progress.Snapshot().BytesPerSecond < moving / 5, $"{progress.Snapshot().BytesPerSecond} after 9 s still, {moving} before");
    }

    [Fact]
    public void Finish_GivesTheAverageAndStopsTheClock()
    {
        var progress = new TransferProgress(ProgressKind.Upload, 30 * MiB, _time);
        _time.Advance(TimeSpan.FromSeconds(3));
        progress.Report(30 * MiB, 30 * MiB);
        progress.Finish();

        _time.Advance(TimeSpan.FromSeconds(60));

        ProgressSnapshot s = progress.Snapshot();
        Assert.Equal((ProgressPhase.Done, TimeSpan.FromSeconds(3)), (s.Phase, s.Elapsed));
        Assert.Equal(10 * MiB, s.BytesPerSecond, precision: 0);
    }
}
