using Amazon.S3.Transfer;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// Downloads one multipart-seeded object to a file: this library, the AWS SDK's TransferUtility (PART and RANGE
/// modes), and a raw HttpClient reading the same bytes (1 stream, 10 ranged streams) as the ceiling.
/// </summary>
public class DownloadToFileBenchmarks : ITransferScenario, IWritesObjectFiles
{
    private const string Key = "download/object";

    private EndpointSession _session = null!;
    private DownloadDestination _destination = null!;

    [ParamsSource(nameof(Profiles))]
    public NetworkProfile Profile { get; set; }

    public static IEnumerable<NetworkProfile> Profiles => BenchmarkSettings.Profiles();

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

    /// <summary>The default that preceded the automatic budget: 10 bodies, each slot free to carry one early request.</summary>
    [Benchmark]
    public Task OursFixed10() => OursAsync(_session.OursFixed10);

    /// <summary>The defaults with the automatic budget starting at 20 whatever the object's parts justify.</summary>
    [Benchmark]
    public Task OursStart20() => OursAsync(_session.OursStart20);

    /// <summary>Uniform parts, no early request: the download with its tail and lookahead off.</summary>
    [Benchmark]
    public Task OursUniform() => OursAsync(_session.OursUniform);

    /// <summary>The shrinking tail, no early request: strictly counted requests.</summary>
    [Benchmark]
    public Task OursStrict() => OursAsync(_session.OursStrict);

    /// <summary>As Ours, with resume on: the cost of the journal.</summary>
    [Benchmark]
    public Task OursJournal() => OursAsync(_session.OursJournal);

    /// <summary>As OursFixed10, with resume on: the journal's cost with the budget held still on both sides.</summary>
    [Benchmark]
    public Task OursJournalFixed10() => OursAsync(_session.OursJournalFixed10);

    [Benchmark(Baseline = true)]
    public Task AwsSdkPart() => IncumbentAsync(Amazon.S3.Transfer.MultipartDownloadType.PART);

    [Benchmark]
    public Task AwsSdkRange() => IncumbentAsync(Amazon.S3.Transfer.MultipartDownloadType.RANGE);

    [Benchmark]
    public Task<long> RawHttp1Stream() => _session.Raw.ReadAsync(Key, BytesPerOperation, streams: 1);

    [Benchmark]
    public Task<long> RawHttp10Streams() => _session.Raw.ReadAsync(Key, BytesPerOperation, BenchmarkSettings.Concurrency);

    /// <summary>The ceiling of a download to a file: 10 ranged GETs written at their offsets into the file.</summary>
    [Benchmark]
    public Task RawHttp10StreamsToFile() => _session.Raw.DownloadRangesToFileAsync(Key, BytesPerOperation, BenchmarkSettings.Concurrency, _destination.FilePath);

    private Task OursAsync(TransferUtility utility) => _destination.OursAsync(utility, Key);

    private Task IncumbentAsync(Amazon.S3.Transfer.MultipartDownloadType type) => _destination.SdkAsync(_session.Incumbent, Key, type);
}
