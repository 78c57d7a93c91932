using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Time.Testing;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests;

/// <summary>
/// <see cref="TransferUtilityConfig.TimeProvider"/> is the clock a utility built through its public constructor runs
/// on: an UploadPart that never answers is given up when the configured fake clock reaches the stall bound (15 s,
/// advanced in microseconds of real time), not a tick before, and sent again once the fake clock passes the retry delay.
/// The dependency injection registration gives the utility the container's <see cref="TimeProvider"/> when the options
/// set none.
/// </summary>
public sealed class ConfiguredClockTests
{
    private const int PartSize = 5 * 1024 * 1024;
    private static readonly TimeSpan s_stall = TimeSpan.FromSeconds(15);
    private static readonly TimeSpan s_tick = TimeSpan.FromTicks(1);
    private readonly TimerRecordingTimeProvider _time = new();
    private readonly StallingUploadS3 _s3 = new();

    [Fact]
    public async Task UploadWithResponseAsync_ConfiguredFakeClock_StallBoundAndRetryDelayRunOnIt()
    {
        using var utility = new TransferUtility(_s3.Mock.Object, Settings(new TransferUtilityConfig { TimeProvider = _time }));

        await UploadWithOnePartStalledAsync(utility);
    }

    [Fact]
    public async Task UploadWithResponseAsync_FakeClockRegisteredInTheContainer_StallBoundAndRetryDelayRunOnIt()
    {
        using ServiceProvider provider = new ServiceCollection()
            .AddSingleton(_s3.Mock.Object)
            .AddSingleton<TimeProvider>(_time)
            .AddS3TransferManager(config => Settings(config))
            .BuildServiceProvider();

        Assert.Same(_time, provider.GetRequiredService<IOptions<TransferUtilityConfig>>().Value.TimeProvider);
        await UploadWithOnePartStalledAsync(provider.GetRequiredService<TransferUtility>());
    }

    [Fact]
    public void AddS3TransferManager_ClockSetInTheOptionsAndInTheContainer_KeepsTheOptionsClock()
    {
        var own = new FakeTimeProvider();
        using ServiceProvider provider = new ServiceCollection()
            .AddSingleton(_s3.Mock.Object)
            .AddSingleton<TimeProvider>(_time)
            .AddS3TransferManager(config => config.TimeProvider = own)
            .AddS3TransferManager()
            .BuildServiceProvider();

        Assert.Same(own, provider.GetRequiredService<IOptions<TransferUtilityConfig>>().Value.TimeProvider);
    }

    [Fact]
    public void AddS3TransferManager_NoClockAnywhere_LeavesItUnset()
    {
        using ServiceProvider provider = new ServiceCollection().AddSingleton(_s3.Mock.Object).AddS3TransferManager().BuildServiceProvider();

        Assert.Null(provider.GetRequiredService<IOptions<TransferUtilityConfig>>().Value.TimeProvider);
    }

    [Fact]
    public void Validated_TimeProviderSet_KeepsIt()
    {
        var config = new TransferUtilityConfig { TimeProvider = _time };

        Assert.Same(_time, config.Validated().TimeProvider);
    }

    [Fact]
    public void Defaults_TimeProviderIsNull()
    {
        Assert.Null(new TransferUtilityConfig().TimeProvider);
    }

    /// <summary>One request at a time, so the stalled part's bound can be run out exactly.</summary>
    private static TransferUtilityConfig Settings(TransferUtilityConfig config)
    {
        config.ConcurrentServiceRequests = 1;
        config.MinSizeBeforePartUpload = PartSize;
        return config;
    }

    /// <summary>Uploads two parts, the second of which is not answered on its first attempt: it must be given up when
    /// the fake clock reaches the bound, not a tick before, and sent again once the fake clock passes the retry
    /// delay.</summary>
    private async Task UploadWithOnePartStalledAsync(TransferUtility utility)
    {
        _s3.Parts = (part, attempt) => part == 2 && attempt == 1 ? PartBehaviour.NeverAnswers : PartBehaviour.Answers;
        byte[] content = TestData.Payload(2 * PartSize, seed: 7);

        Task<TransferUtilityUploadResponse> upload = utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = "b", Key = "k", InputStream = new NonSeekableStream(content), PartSize = PartSize,
        });
        StuckCall stuck = await _s3.NextStuckAsync();
        _time.Advance(s_stall - s_tick);
        Assert.False(stuck.Token.IsCancellationRequested, "The UploadPart was given up before the fake clock reached the bound.");
        _time.Advance(s_tick);
        Assert.True(stuck.Token.IsCancellationRequested, "The UploadPart was not given up when the fake clock reached the bound.");
        _time.Advance(await _time.WaitForTimerAsync(due => due > TimeSpan.Zero && due <= TimeSpan.FromSeconds(1)));

        await upload.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.Equal(2, _s3.AttemptsOf(2));
        Assert.Equal(0, _s3.Aborts);
    }
}
