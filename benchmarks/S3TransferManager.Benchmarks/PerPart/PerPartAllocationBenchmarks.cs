using Amazon.S3.Model;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.PerPart;

/// <summary>
/// What this library allocates per part, without the AWS SDK's HTTP pipeline: an object of <see cref="PartCount"/>
/// parts of 256 KiB, downloaded to a file and read through OpenStream at the default config, from a
/// <see cref="CannedS3Client"/>. The difference between two part counts, divided by the difference in parts, is the
/// cost of one part (the transfer's fixed costs cancel out); <see cref="FakeOnly"/> is the fake's own share of it, to
/// subtract.
/// </summary>
[MemoryDiagnoser]
public class PerPartAllocationBenchmarks
{
    private const int PartSize = 256 * 1024;
    private const string Bucket = "bench";
    private const string Key = "per-part/object";

    private CannedS3Client _client = null!;
    private TransferUtility _utility = null!;
    private DownloadDestination _destination = null!;
    private byte[] _buffer = null!;
    private ByteRange[] _ranges = null!;

    /// <summary>Parts per object (no shrinking tail: parts this small have none).</summary>
    [Params(16, 64)]
    public int PartCount { get; set; }

    private long Length => (long)PartCount * PartSize;

    [GlobalSetup]
    public void Setup()
    {
        _client = new CannedS3Client(Length);
        _utility = new TransferUtility(_client);
        _destination = new DownloadDestination();
        _buffer = new byte[BenchmarkSettings.ReadBufferSize];
        _ranges = [.. Enumerable.Range(0, PartCount).Select(part => new ByteRange((long)part * PartSize, ((part + 1L) * PartSize) - 1))];
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _utility.Dispose();
        _client.Dispose();
        _destination.Dispose();
    }

    [IterationCleanup]
    public void DeleteFile() => _destination.CheckAndDelete(Length);

    [Benchmark]
    public Task DownloadToFile() => _utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
    {
        BucketName = Bucket,
        Key = Key,
        FilePath = _destination.FilePath,
        PartSize = PartSize,
    });

    [Benchmark]
    public async Task<long> OpenStream()
    {
        await using TransferUtilityOpenStreamResponse response = await _utility.OpenStreamWithResponseAsync(new TransferUtilityOpenStreamRequest
        {
            BucketName = Bucket,
            Key = Key,
            PartSize = PartSize,
        });
        return await Drain.StreamAsync(response.ResponseStream, _buffer, Length);
    }

    /// <summary>The fake's own allocations for as many GETs as a transfer sends (one per part, and the HEAD's share is
    /// left out: it is one per transfer), each body disposed. The ranges are made in advance: the library makes its own.</summary>
    [Benchmark]
    public async Task FakeOnly()
    {
        foreach (ByteRange range in _ranges)
        {
            using GetObjectResponse response = await _client.AnswerAsync(range);
        }
    }
}
