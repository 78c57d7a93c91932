using System.Globalization;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// The request budget on a directory of 1000 x 1 KiB objects, which latency bounds (each object is one request of
/// 20 ms to the first byte): this library at its defaults and with a fixed cap of 10, against the AWS SDK's
/// TransferUtility (10 requests) with DownloadFilesConcurrently. S3-like and throttled profiles.
/// </summary>
public class BudgetDirectoryBenchmarks : ITransferScenario
{
    private const int Count = 1000;

    private EndpointSession _session = null!;
    private string _target = null!;

    [ParamsSource(nameof(Profiles))]
    public NetworkProfile Profile { get; set; }

    public static IEnumerable<NetworkProfile> Profiles => BudgetDownloadBenchmarks.Profiles;

    public long BytesPerOperation => Count * (long)BenchmarkSettings.SmallObjectSize;

    public int TransfersPerOperation => Count;

    public EndpointSession Session => _session;

    [GlobalSetup]
    public async Task SetupAsync()
    {
        _session = await EndpointSession.StartAsync(Profile);
        for (int i = 0; i < Count; i++)
        {
            await _session.SeedAsync(string.Create(CultureInfo.InvariantCulture, $"small/{i:D5}.bin"), BenchmarkSettings.SmallObjectSize, partSize: 0);
        }

        _target = Path.Combine(Directory.CreateTempSubdirectory("s3tm-bench-budget-").FullName, "target");
    }

    [IterationCleanup]
    public void CheckAndClean()
    {
        if (Directory.Exists(_target))
        {
            int files = Directory.GetFiles(_target).Length;
            if (files != Count)
            {
                throw new InvalidOperationException($"The download wrote {files} files, not {Count}.");
            }

            Directory.Delete(_target, recursive: true);
        }
    }

    [GlobalCleanup]
    public async Task CleanupAsync()
    {
        await _session.DisposeAsync();
        Directory.Delete(Path.GetDirectoryName(_target)!, recursive: true);
    }

    [Benchmark]
    public Task Ours() => OursAsync(_session.Ours);

    /// <summary>The default that preceded the automatic budget: 10 bodies, each slot free to carry one early request.</summary>
    [Benchmark]
    public Task OursFixed10() => OursAsync(_session.OursFixed10);

    /// <summary>ConcurrentServiceRequests = 10: a fixed cap, the SDK's number.</summary>
    [Benchmark]
    public Task OursCap10() => OursAsync(_session.OursCap10);

    [Benchmark(Baseline = true)]
    public Task AwsSdkConcurrent() =>
        _session.Incumbent.DownloadDirectoryAsync(new Amazon.S3.Transfer.TransferUtilityDownloadDirectoryRequest
        {
            BucketName = EndpointSession.Bucket,
            S3Directory = "small",
            LocalDirectory = _target,
            DownloadFilesConcurrently = true,
        });

    private Task OursAsync(TransferUtility utility) =>
        utility.DownloadDirectoryWithResponseAsync(new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = EndpointSession.Bucket,
            S3Directory = "small",
            LocalDirectory = _target,
        });
}
