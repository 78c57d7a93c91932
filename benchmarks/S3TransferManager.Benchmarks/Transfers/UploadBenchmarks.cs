using BenchmarkDotNet.Attributes;
using Microsoft.Win32.SafeHandles;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.Multipart;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// Uploads a file's bytes from its path and from a non-seekable stream over it, 8 MiB parts for the SDK, against the
/// raw ceiling: unsigned HttpClient PUTs of 8 MiB ranges, 10 in parallel, to distinct keys. <c>Ours_File</c> leaves
/// PartSize at its default, so its parts fill whole waves of 10 (256 MiB: 30 parts of ~8.5 MiB);
/// <c>OursFixed_File</c> sets 8 MiB as the SDK does, and <c>RawHttp10PutsWaves_File</c> is the raw ceiling with the
/// whole-wave parts. The endpoint's
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

    /// <summary>Raw and S3Like by default; the interleaved mode also runs S3Harsh (<see cref="BenchmarkSettings.ProfilesVariable"/>).</summary>
    [Params(NetworkProfile.Raw, NetworkProfile.S3Like)]
    public NetworkProfile Profile { get; set; }

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

    /// <summary>The defaults: the automatic budget, PartSize left unset (whole waves of the 20 requests it starts at).</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task Ours_File() => UploadFileAsync(_session.Ours, "upload/ours-file");

    /// <summary>The default that preceded the automatic budget: 10 bodies, each slot free to carry one early request.</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task OursFixed10_File() => UploadFileAsync(_session.OursFixed10, "upload/ours-fixed10-file");

    /// <summary>As Ours_File with ConcurrentServiceRequests = 10 set explicitly: a fixed budget and a hard cap, as the
    /// SDK's 10 (whole waves of 10).</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task OursStrict_File() => UploadFileAsync(_session.OursStrict, "upload/ours-strict-file");

    /// <summary>As Ours_File, with resume on: the cost of the journal (each file's parts checksummed for it, a record per
    /// part, the journal created and deleted).</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task OursJournal_File() => UploadFileAsync(_session.OursJournal, "upload/ours-journal-file");

    /// <summary>As OursFixed10_File, with resume on: the journal's cost with the budget held still on both sides.</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task OursJournalFixed10_File() => UploadFileAsync(_session.OursJournalFixed10, "upload/ours-journal-fixed10-file");

    /// <summary>PartSize set to 8 MiB, as for the SDK: the part plan Ours_File had before whole waves.</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task OursFixed_File() => UploadFileAsync(_session.Ours, "upload/ours-fixed-file", BenchmarkSettings.PartSize);

    /// <summary>This library with the payload signed as the SDK signs it by default: over HTTPS the SDK signs every
    /// chunk (aws-chunked); over HTTP it is OursFixed_File (the part is signed once either way there).</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task OursSigned_File() =>
        UploadFileAsync(_session.Ours, "upload/ours-signed-file", BenchmarkSettings.PartSize, disablePayloadSigning: false);

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

    /// <summary>The raw ceiling of Ours_File's part plan: the same whole-wave parts as unsigned PUTs, 10 in parallel.</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task RawHttp10PutsWaves_File() =>
        _session.Raw.PutRangesAsync(_fileHandle, BytesPerOperation,
            (int)PartSizer.ForWholeWaves(BytesPerOperation, BenchmarkSettings.PartSize, BenchmarkSettings.Concurrency),
            BenchmarkSettings.Concurrency, "upload/raw-waves-");

    /// <summary>The bandwidth ceiling of 10 connections: one unsigned PUT per connection, each a tenth of the file, so
    /// every connection pays one first byte and then only streams. No part plan at 10 requests can beat it; its ratio to
    /// the SDK bounds what any 10-connection upload can reach against the same endpoint.</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task RawHttp10PutsOneWave_File() =>
        _session.Raw.PutRangesAsync(_fileHandle, BytesPerOperation,
            (int)((BytesPerOperation + BenchmarkSettings.Concurrency - 1) / BenchmarkSettings.Concurrency),
            BenchmarkSettings.Concurrency, "upload/raw-one-wave-");

    /// <summary>As RawHttp10PutsOneWave_File over 20 connections: each PUT a twentieth of the file.</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task RawHttp20PutsOneWave_File() => RawPutsOneWaveAsync(20);

    /// <summary>As RawHttp10PutsOneWave_File over 32 connections: each PUT a thirty-second of the file.</summary>
    [Benchmark, BenchmarkCategory(FileCategory)]
    public Task RawHttp32PutsOneWave_File() => RawPutsOneWaveAsync(32);

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
            AutoCloseStream = false,
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

    /// <summary>The file as <paramref name="connections"/> unsigned PUTs at once, one share of it each.</summary>
    private Task RawPutsOneWaveAsync(int connections) =>
        _session.Raw.PutRangesAsync(_fileHandle, BytesPerOperation, (int)((BytesPerOperation + connections - 1) / connections), connections,
            $"upload/raw-one-wave-{connections}-");

    /// <summary>The source file uploaded by <paramref name="utility"/>: what the file methods share. PartSize stays unset
    /// (whole waves) unless given.</summary>
    private Task UploadFileAsync(TransferUtility utility, string key, long? partSize = null, bool? disablePayloadSigning = null)
    {
        var request = new TransferUtilityUploadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = key,
            FilePath = _filePath,
            DisablePayloadSigning = disablePayloadSigning,
        };
        if (partSize is { } size)
        {
            request.PartSize = size;
        }

        return utility.UploadWithResponseAsync(request);
    }

    private FileStream OpenSource() =>
        new(_filePath, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 0, FileOptions.Asynchronous | FileOptions.SequentialScan);

    /// <summary>Writes <paramref name="length"/> pseudo-random bytes (the same every run) to <paramref name="path"/>.</summary>
    internal static async Task WriteSourceFileAsync(string path, long length)
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
