using System.Globalization;
using Amazon.S3.Transfer;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// Downloads N x 1 KiB objects to files, one after another and 10 at a time, where the requests per object decide
/// the time (20 ms to first byte). Requests per object are counted by the LOH mode (<c>-- loh</c>) from the endpoint.
/// </summary>
public class SmallObjectsBenchmarks : ITransferScenario
{
    private const string Sequential = "Sequential";
    private const string ParallelCategory = "Parallel10";

    private EndpointSession _session = null!;
    private string _folder = null!;
    private string[] _keys = null!;
    private string[] _paths = null!;

    [Params(InMemoryS3Profile.S3Like)]
    public InMemoryS3Profile Profile { get; set; }

    public int TransfersPerOperation { get; } = BenchmarkSettings.SmallObjectCount;

    public long BytesPerOperation => (long)TransfersPerOperation * BenchmarkSettings.SmallObjectSize;

    public EndpointSession Session => _session;

    [GlobalSetup]
    public async Task SetupAsync()
    {
        _session = await EndpointSession.StartAsync(Profile);
        _folder = Directory.CreateTempSubdirectory("s3tm-bench-").FullName;
        _keys = new string[TransfersPerOperation];
        _paths = new string[TransfersPerOperation];
        for (int i = 0; i < _keys.Length; i++)
        {
            _keys[i] = string.Create(CultureInfo.InvariantCulture, $"small/{i:D5}");
            _paths[i] = Path.Combine(_folder, string.Create(CultureInfo.InvariantCulture, $"{i:D5}.bin"));
            await _session.SeedAsync(_keys[i], BenchmarkSettings.SmallObjectSize, partSize: 0);
        }
    }

    [IterationCleanup]
    public void DeleteFiles()
    {
        foreach (string path in _paths)
        {
            File.Delete(path);
        }
    }

    [GlobalCleanup]
    public async Task CleanupAsync()
    {
        await _session.DisposeAsync();
        Directory.Delete(_folder, recursive: true);
    }

    [Benchmark, BenchmarkCategory(Sequential)]
    public Task Ours_Sequential() => SequentialAsync(OursAsync);

    [Benchmark(Baseline = true), BenchmarkCategory(Sequential)]
    public Task AwsSdkPart_Sequential() => SequentialAsync(i => IncumbentAsync(i, Amazon.S3.Transfer.MultipartDownloadType.PART));

    [Benchmark, BenchmarkCategory(Sequential)]
    public Task AwsSdkRange_Sequential() => SequentialAsync(i => IncumbentAsync(i, Amazon.S3.Transfer.MultipartDownloadType.RANGE));

    [Benchmark, BenchmarkCategory(Sequential)]
    public Task RawHttp_Sequential() => SequentialAsync(RawAsync);

    [Benchmark, BenchmarkCategory(ParallelCategory)]
    public Task Ours_Parallel10() => ParallelAsync(OursAsync);

    [Benchmark(Baseline = true), BenchmarkCategory(ParallelCategory)]
    public Task AwsSdkPart_Parallel10() => ParallelAsync(i => IncumbentAsync(i, Amazon.S3.Transfer.MultipartDownloadType.PART));

    [Benchmark, BenchmarkCategory(ParallelCategory)]
    public Task AwsSdkRange_Parallel10() => ParallelAsync(i => IncumbentAsync(i, Amazon.S3.Transfer.MultipartDownloadType.RANGE));

    [Benchmark, BenchmarkCategory(ParallelCategory)]
    public Task RawHttp_Parallel10() => ParallelAsync(RawAsync);

    private async Task SequentialAsync(Func<int, Task> download)
    {
        for (int i = 0; i < _keys.Length; i++)
        {
            await download(i);
        }
    }

    private Task ParallelAsync(Func<int, Task> download) =>
        Parallel.ForEachAsync(
            Enumerable.Range(0, _keys.Length),
            new ParallelOptions { MaxDegreeOfParallelism = BenchmarkSettings.Concurrency },
            async (i, _) => await download(i));

    private Task OursAsync(int i) =>
        _session.Ours.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = _keys[i],
            FilePath = _paths[i],
            PartSize = BenchmarkSettings.PartSize,
        });

    private Task IncumbentAsync(int i, Amazon.S3.Transfer.MultipartDownloadType type) =>
        _session.Incumbent.DownloadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityDownloadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = _keys[i],
            FilePath = _paths[i],
            MultipartDownloadType = type,
            PartSize = BenchmarkSettings.PartSize,
        });

    private Task RawAsync(int i) => _session.Raw.DownloadToFileAsync(_keys[i], _paths[i]);
}
