using BenchmarkDotNet.Attributes;
using Microsoft.Win32.SafeHandles;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// Uploads a file's bytes from its path and from a non-seekable stream over it, 8 MiB parts for both libraries,
/// against the raw ceiling: unsigned HttpClient PUTs of 8 MiB ranges, 10 in parallel, to distinct keys. The endpoint's
/// storage is prewarmed to twice the bytes of one upload, skips MD5 of uploaded bodies (<c>--fast-etags</c>), and every
/// method reuses its keys. <see cref="Scheme"/> https serves TLS with a certificate made at start, trusted by every
/// client of the run.
/// </summary>
public class UploadBenchmarks : ITransferScenario
{
    private const string FileCategory = "FromFile";
    private const string StreamCategory = "FromNonSeekableStream";

    private EndpointSession _session = null!;
    private string _folder = null!;
    private string _filePath = null!;
    private SafeFileHandle _fileHandle = null!;

    [Params(InMemoryS3Profile.Raw, InMemoryS3Profile.S3Like)]
    public InMemoryS3Profile Profile { get; set; }

    /// <summary>http or https (<see cref="BenchmarkSettings.SchemesVariable"/>); https is what S3 is used over.</summary>
    [ParamsSource(nameof(Schemes))]
    public string Scheme { get; set; } = "http";

    public static IEnumerable<string> Schemes() => BenchmarkSettings.Schemes();

    public long BytesPerOperation { get; } = BenchmarkSettings.ObjectSize;

    public int TransfersPerOperation => 1;

    public EndpointSession Session => _session;

    [GlobalSetup]
    public async Task SetupAsync()
    {
        _session = await EndpointSession.StartAsync(Profile, prewarmedStorageBytes: 2 * BytesPerOperation, md5ETags: false, https: Scheme == "https");
        await _session.SeedAsync("upload/bucket-marker", 1, partSize: 0);
        _folder = Directory.CreateTempSubdirectory("s3tm-bench-").FullName;
        _filePath = Path.Combine(_folder, "source.bin");
        await WriteSourceFileAsync(_filePath, BytesPerOperation);
        _fileHandle = File.OpenHandle(_filePath, FileMode.Open, FileAccess.Read, FileShare.Read, FileOptions.Asynchronous);
    }

    [GlobalCleanup]
    public async Task CleanupAsync()
    {
        _fileHandle.Dispose();
        await _session.DisposeAsync();
        Directory.Delete(_folder, recursive: true);
    }

    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task Ours_File() =>
        _session.Ours.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = "upload/ours-file",
            FilePath = _filePath,
            PartSize = BenchmarkSettings.PartSize,
        });

    /// <summary>This library with the payload signed, as it sent parts before issue 14: over HTTPS the SDK signs every
    /// chunk (aws-chunked); over HTTP it is Ours_File (the part is signed once either way there).</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task OursSigned_File() =>
        _session.Ours.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = "upload/ours-signed-file",
            FilePath = _filePath,
            PartSize = BenchmarkSettings.PartSize,
            DisablePayloadSigning = false,
        });

    [Benchmark(Baseline = true), BenchmarkCategory(FileCategory)]
    public Task AwsSdk_File() =>
        _session.Incumbent.UploadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityUploadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = "upload/sdk-file",
            FilePath = _filePath,
            PartSize = BenchmarkSettings.PartSize,
        });

    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task RawHttp10Puts_File() =>
        _session.Raw.PutRangesAsync(_fileHandle, BytesPerOperation, BenchmarkSettings.PartSize, BenchmarkSettings.Concurrency, "upload/raw-");

    [Benchmark, BenchmarkCategory(StreamCategory)]
    public async Task Ours_NonSeekable()
    {
        await using var source = new NonSeekableReadStream(OpenSource());
        await _session.Ours.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = "upload/ours-stream",
            InputStream = source,
            PartSize = BenchmarkSettings.PartSize,
        });
    }

    [Benchmark(Baseline = true), BenchmarkCategory(StreamCategory)]
    public async Task AwsSdk_NonSeekable()
    {
        await using var source = new NonSeekableReadStream(OpenSource());
        await _session.Incumbent.UploadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityUploadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = "upload/sdk-stream",
            InputStream = source,
            PartSize = BenchmarkSettings.PartSize,
            AutoCloseStream = false,
        });
    }

    [Benchmark, BenchmarkCategory(StreamCategory)]
    public Task RawHttp10Puts_NonSeekable() => RawHttp10Puts_File();

    private FileStream OpenSource() =>
        new(_filePath, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 0, FileOptions.Asynchronous | FileOptions.SequentialScan);

    private static async Task WriteSourceFileAsync(string path, long length)
    {
        var random = new Random(42);
        byte[] chunk = new byte[64 * 1024];
        await using var file = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 0, FileOptions.Asynchronous);
        for (long written = 0; written < length; written += chunk.Length)
        {
            random.NextBytes(chunk);
            await file.WriteAsync(chunk.AsMemory(0, (int)Math.Min(chunk.Length, length - written)));
        }
    }
}
