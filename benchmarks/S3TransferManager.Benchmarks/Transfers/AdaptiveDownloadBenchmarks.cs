using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// Adaptive concurrency on a download to a file, in the S3-like profile and against an endpoint that answers 503
/// SlowDown above a request rate: this library at its defaults (10 requests, early requests on shared slots), with
/// adaptive concurrency up to 64 in a long-lived utility and in a fresh utility per transfer (both start each transfer
/// from 10, since a transfer that begins while nothing is in flight restarts the tuning; the fresh one also pays the
/// utility's construction), against the AWS SDK's TransferUtility at its
/// defaults (10 requests). The interleaved mode reports the 503s each client drew.
/// </summary>
public class AdaptiveDownloadBenchmarks : ITransferScenario
{
    private const string Key = "adaptive/object";

    private EndpointSession _session = null!;
    private string _folder = null!;
    private string _filePath = null!;

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
        _folder = Directory.CreateTempSubdirectory("s3tm-bench-").FullName;
        _filePath = Path.Combine(_folder, "object.bin");
    }

    [IterationCleanup]
    public void DeleteFile()
    {
        if (File.Exists(_filePath) && new FileInfo(_filePath).Length != BytesPerOperation)
        {
            throw new InvalidOperationException($"The downloaded file has {new FileInfo(_filePath).Length} bytes, not {BytesPerOperation}.");
        }

        File.Delete(_filePath);
    }

    [GlobalCleanup]
    public async Task CleanupAsync()
    {
        await _session.DisposeAsync();
        Directory.Delete(_folder, recursive: true);
    }

    [Benchmark]
    public Task Ours() => OursAsync(_session.Ours);

    [Benchmark]
    public Task OursAdaptive() => OursAsync(_session.OursAdaptive);

    /// <summary>A new utility per transfer: what a process that makes one transfer gets.</summary>
    [Benchmark]
    public async Task OursAdaptiveFresh()
    {
        using var utility = new TransferUtility(_session.Client, new TransferUtilityConfig { MaxConcurrentServiceRequests = BenchmarkSettings.AdaptiveCeiling });
        await OursAsync(utility);
    }

    [Benchmark(Baseline = true)]
    public Task AwsSdkPart() =>
        _session.Incumbent.DownloadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityDownloadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = Key,
            FilePath = _filePath,
            MultipartDownloadType = Amazon.S3.Transfer.MultipartDownloadType.PART,
            PartSize = BenchmarkSettings.PartSize,
        });

    [Benchmark]
    public Task<long> RawHttp10Streams() => _session.Raw.ReadAsync(Key, BytesPerOperation, BenchmarkSettings.Concurrency);

    private Task OursAsync(TransferUtility utility) =>
        utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = Key,
            FilePath = _filePath,
            PartSize = BenchmarkSettings.PartSize,
        });
}
