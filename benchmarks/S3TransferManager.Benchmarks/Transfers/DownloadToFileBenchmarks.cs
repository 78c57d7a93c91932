using Amazon.S3.Transfer;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// Downloads one multipart-seeded object to a file: this library, the AWS SDK's TransferUtility (PART and RANGE
/// modes), and a raw HttpClient reading the same bytes (1 stream, 10 ranged streams) as the ceiling.
/// </summary>
public class DownloadToFileBenchmarks : ITransferScenario
{
    private const string Key = "download/object";

    private EndpointSession _session = null!;
    private string _folder = null!;
    private string _filePath = null!;

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
        _folder = Directory.CreateTempSubdirectory("s3tm-bench-").FullName;
        _filePath = Path.Combine(_folder, "object.bin");
    }

    [IterationCleanup]
    public void DeleteFile()
    {
        // The read-only raw ceilings leave no file; the libraries and the file ceiling do: check it before deleting it.
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

    /// <summary>Uniform parts, no early request: the download as it was before issue 14.</summary>
    [Benchmark]
    public Task OursUniform() => OursAsync(_session.OursUniform);

    /// <summary>The shrinking tail, no early request: strictly counted requests.</summary>
    [Benchmark]
    public Task OursStrict() => OursAsync(_session.OursStrict);

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
    public Task RawHttp10StreamsToFile() => _session.Raw.DownloadRangesToFileAsync(Key, BytesPerOperation, BenchmarkSettings.Concurrency, _filePath);

    private Task OursAsync(TransferUtility utility) =>
        utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = Key,
            FilePath = _filePath,
            PartSize = BenchmarkSettings.PartSize,
        });

    private Task IncumbentAsync(Amazon.S3.Transfer.MultipartDownloadType type) =>
        _session.Incumbent.DownloadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityDownloadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = Key,
            FilePath = _filePath,
            MultipartDownloadType = type,
            PartSize = BenchmarkSettings.PartSize,
        });
}
