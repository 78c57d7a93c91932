using System.Globalization;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// Downloads and uploads a whole directory in the S3-like profile (20 ms to first byte, 60 MB/s per connection):
/// 1000 x 1 KiB (S3TM_BENCH_SMALL_TREE_COUNT), and a mixed tree of 200 x 256 KiB plus 2 x 64 MiB. This library at its defaults and with
/// ConcurrentServiceRequests = 10, against the AWS SDK's TransferUtility (ConcurrentServiceRequests = 10) with its
/// defaults (one object at a time) and with DownloadFilesConcurrently / UploadFilesConcurrently. Uploaded objects are never read back,
/// so the endpoint skips MD5 on their bodies (as for <see cref="UploadBenchmarks"/>): on 2 cores its MD5 of 178 MB
/// per upload would compete with the clients for CPU.
/// </summary>
public class DirectoryBenchmarks : ITransferScenario
{
    private const string Download = "Download";
    private const string Upload = "Upload";

    private EndpointSession _session = null!;
    private string _folder = null!;
    private string _source = null!;
    private string _target = null!;
    private (string Name, long Length)[] _files = [];

    /// <summary>The tree: <c>Small</c> (1000 x 1 KiB), <c>Mixed</c> (200 x 256 KiB in <c>f/00</c>, <c>f/01</c> + 2 x
    /// 64 MiB in <c>big/</c>), or <c>MixedBigLast</c>: the same files with the big ones in <c>f/01/big/</c>, the deepest
    /// folder, which .NET's enumeration (breadth first: a folder's files before its subfolders') finds after every small
    /// file, as a listing by key order would find <c>z/</c>.</summary>
    [Params("Small", "Mixed", "MixedBigLast")]
    public string Tree { get; set; } = "Small";

    /// <summary>Always S3Like: the interleaved mode sets it, and its only value is the profile the endpoint runs.</summary>
    public NetworkProfile Profile { get; set; } = NetworkProfile.S3Like;

    public static IEnumerable<NetworkProfile> Profiles => [NetworkProfile.S3Like];

    public long BytesPerOperation => _files.Sum(f => f.Length);

    public int TransfersPerOperation => _files.Length;

    public EndpointSession Session => _session;

    [GlobalSetup]
    public async Task SetupAsync()
    {
        string big = Tree == "MixedBigLast" ? "f/01/big/" : "big/";
        _files = Tree == "Small"
            ? [.. Enumerable.Range(0, BenchmarkSettings.SmallTreeCount).Select(i => (Name(i), 1024L))]
            : [.. Enumerable.Range(0, 200).Select(i => (Name(i), 256L * 1024)), (big + "a.bin", 64L << 20), (big + "b.bin", 64L << 20)];
        _session = await EndpointSession.StartAsync(InMemoryS3Profile.S3Like, prewarmedStorageBytes: 2 * _files.Sum(f => f.Length), md5ETags: false);
        _folder = Directory.CreateTempSubdirectory("s3tm-bench-dir-").FullName;
        _source = Path.Combine(_folder, "source");
        _target = Path.Combine(_folder, "target");
        var random = new Random(7);
        foreach ((string name, long length) in _files)
        {
            await _session.SeedAsync("dl/" + name, length);
            string path = Path.Combine(_source, name);
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            byte[] bytes = new byte[length];
            random.NextBytes(bytes);
            await File.WriteAllBytesAsync(path, bytes);
        }
    }

    [IterationCleanup]
    public void CheckAndClean()
    {
        // Uploads leave no local files; a download must have written every object at its full length.
        if (Directory.Exists(_target))
        {
            long files = Directory.EnumerateFiles(_target, "*", SearchOption.AllDirectories).LongCount();
            long bytes = Directory.EnumerateFiles(_target, "*", SearchOption.AllDirectories).Sum(f => new FileInfo(f).Length);
            if (files != _files.Length || bytes != _files.Sum(f => f.Length))
            {
                throw new InvalidOperationException($"The download wrote {files} files, {bytes} bytes; expected {_files.Length}, {_files.Sum(f => f.Length)}.");
            }

            Directory.Delete(_target, recursive: true);
        }
    }

    [GlobalCleanup]
    public async Task CleanupAsync()
    {
        await _session.DisposeAsync();
        Directory.Delete(_folder, recursive: true);
    }

    [Benchmark, BenchmarkCategory(Download)]
    public Task Ours_Download() => OursDownloadAsync(_session.Ours);

    /// <summary>The default that preceded the automatic budget: 10 bodies, each slot free to carry one early request.</summary>
    [Benchmark, BenchmarkCategory(Download)]
    public Task OursFixed10_Download() => OursDownloadAsync(_session.OursFixed10);

    /// <summary>ConcurrentServiceRequests = 10: the same cap as the SDK's.</summary>
    [Benchmark, BenchmarkCategory(Download)]
    public Task OursCap10_Download() => OursDownloadAsync(_session.OursCap10);

    [Benchmark(Baseline = true), BenchmarkCategory(Download)]
    public Task AwsSdkDefault_Download() => IncumbentDownloadAsync(concurrently: false);

    [Benchmark, BenchmarkCategory(Download)]
    public Task AwsSdkConcurrent_Download() => IncumbentDownloadAsync(concurrently: true);

    [Benchmark, BenchmarkCategory(Upload)]
    public Task Ours_Upload() => OursUploadAsync(_session.Ours);

    /// <summary>The default that preceded the automatic budget: 10 bodies, each slot free to carry one early request.</summary>
    [Benchmark, BenchmarkCategory(Upload)]
    public Task OursFixed10_Upload() => OursUploadAsync(_session.OursFixed10);

    /// <summary>ConcurrentServiceRequests = 10, as <see cref="OursCap10_Download"/>.</summary>
    [Benchmark, BenchmarkCategory(Upload)]
    public Task OursCap10_Upload() => OursUploadAsync(_session.OursCap10);

    [Benchmark(Baseline = true), BenchmarkCategory(Upload)]
    public Task AwsSdkDefault_Upload() => IncumbentUploadAsync(concurrently: false);

    [Benchmark, BenchmarkCategory(Upload)]
    public Task AwsSdkConcurrent_Upload() => IncumbentUploadAsync(concurrently: true);

    private static string Name(int i) => string.Create(CultureInfo.InvariantCulture, $"f/{i / 100:D2}/{i:D5}.bin");

    private Task OursDownloadAsync(TransferUtility utility) =>
        utility.DownloadDirectoryWithResponseAsync(new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = EndpointSession.Bucket,
            S3Directory = "dl",
            LocalDirectory = _target,
        });

    private Task OursUploadAsync(TransferUtility utility) =>
        utility.UploadDirectoryWithResponseAsync(new TransferUtilityUploadDirectoryRequest
        {
            BucketName = EndpointSession.Bucket,
            Directory = _source,
            KeyPrefix = "ul/",
            SearchOption = SearchOption.AllDirectories,
        });

    private Task IncumbentDownloadAsync(bool concurrently) =>
        _session.Incumbent.DownloadDirectoryAsync(new Amazon.S3.Transfer.TransferUtilityDownloadDirectoryRequest
        {
            BucketName = EndpointSession.Bucket,
            S3Directory = "dl",
            LocalDirectory = _target,
            DownloadFilesConcurrently = concurrently,
        });

    private Task IncumbentUploadAsync(bool concurrently) =>
        _session.Incumbent.UploadDirectoryAsync(new Amazon.S3.Transfer.TransferUtilityUploadDirectoryRequest
        {
            BucketName = EndpointSession.Bucket,
            Directory = _source,
            KeyPrefix = "ul/",
            SearchOption = SearchOption.AllDirectories,
            UploadFilesConcurrently = concurrently,
        });
}
