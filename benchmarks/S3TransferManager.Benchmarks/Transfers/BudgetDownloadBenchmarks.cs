using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// The request budget on a download to a file, in the S3-like profile and against an endpoint that answers 503
/// SlowDown above a request rate: this library at its defaults (the automatic budget) in a long-lived utility and in
/// a fresh utility per transfer (which also pays the utility's construction), and with a fixed cap of 10, against the
/// AWS SDK's TransferUtility at its defaults (10 requests). The interleaved mode reports the 503s each client drew.
/// </summary>
public class BudgetDownloadBenchmarks : ITransferScenario, IWritesObjectFiles
{
    private const string Key = "budget/object";

    private EndpointSession _session = null!;
    private DownloadDestination _destination = null!;

    [ParamsSource(nameof(Profiles))]
    public NetworkProfile Profile { get; set; }

    /// <summary>S3Like and S3Throttled, unless <see cref="BenchmarkSettings.ProfilesVariable"/> names others.</summary>
    public static IEnumerable<NetworkProfile> Profiles =>
        string.IsNullOrWhiteSpace(Environment.GetEnvironmentVariable(BenchmarkSettings.ProfilesVariable))
            ? [NetworkProfile.S3Like, NetworkProfile.S3Throttled]
            : BenchmarkSettings.Profiles();

    public long BytesPerOperation { get; } = BenchmarkSettings.ObjectSize;

    public int TransfersPerOperation => 1;

    public EndpointSession Session => _session;

    [GlobalSetup]
    public async Task SetupAsync()
    {
        _session = await EndpointSession.StartAsync(Profile);
        await _session.SeedAsync(Key, BytesPerOperation);
        _destination = new DownloadDestination();
    }

    [IterationCleanup]
    public void DeleteFile() => _destination.CheckAndDelete(BytesPerOperation);

    [GlobalCleanup]
    public async Task CleanupAsync()
    {
        await _session.DisposeAsync();
        _destination.Dispose();
    }

    [Benchmark]
    public Task Ours() => OursAsync(_session.Ours);

    /// <summary>A new utility per transfer: what a process that makes one transfer gets.</summary>
    [Benchmark]
    public async Task OursFresh()
    {
        using var utility = new TransferUtility(_session.Client);
        await OursAsync(utility);
    }

    /// <summary>ConcurrentServiceRequests = 10: a fixed cap, the SDK's number.</summary>
    [Benchmark]
    public Task OursCap10() => OursAsync(_session.OursCap10);

    /// <summary>The defaults with the automatic budget starting at 20 whatever the object's parts justify.</summary>
    [Benchmark]
    public Task OursStart20() => OursAsync(_session.OursStart20);

    [Benchmark(Baseline = true)]
    public Task AwsSdkPart() => _destination.SdkAsync(_session.Incumbent, Key, Amazon.S3.Transfer.MultipartDownloadType.PART);

    [Benchmark]
    public Task<long> RawHttp10Streams() => _session.Raw.ReadAsync(Key, BytesPerOperation, BenchmarkSettings.Concurrency);

    private Task OursAsync(TransferUtility utility) => _destination.OursAsync(utility, Key);
}
