using Amazon.S3.Model;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.PerPart;

/// <summary>
/// The AWS SDK's own cost of one ranged GET, to set beside <see cref="PerPartAllocationBenchmarks"/>: as many ranged
/// GETs with If-Match as a download of <see cref="PartCount"/> parts of <see cref="PartSize"/> sends, one after another, each body read
/// to its end, through the same S3 client settings against the in-memory endpoint (Raw profile, out of process). The
/// difference between two part counts, divided by the difference in parts, is the SDK's cost per request (its HTTP
/// pipeline, signing, response parsing), with no transfer library in the way.
/// </summary>
[MemoryDiagnoser]
public class SdkPerRequestBenchmarks
{
    private const string Key = "per-request/object";

    private EndpointSession _session = null!;
    private string _eTag = null!;
    private byte[] _buffer = null!;

    [Params(16, 64)]
    public int PartCount { get; set; }

    /// <summary>The length of each ranged GET's body: what the SDK allocates per byte read shows as the difference.</summary>
    [Params(64 * 1024, 256 * 1024)]
    public int PartSize { get; set; }

    [GlobalSetup]
    public async Task SetupAsync()
    {
        _session = await EndpointSession.StartAsync(NetworkProfile.Raw);
        _eTag = await _session.SeedAsync(Key, (long)PartCount * PartSize);
        _buffer = new byte[BenchmarkSettings.ReadBufferSize];
    }

    [GlobalCleanup]
    public Task CleanupAsync() => _session.DisposeAsync().AsTask();

    [Benchmark]
    public async Task<long> RangedGets()
    {
        long total = 0;
        for (int part = 0; part < PartCount; part++)
        {
            using GetObjectResponse response = await _session.Client.GetObjectAsync(new GetObjectRequest
            {
                BucketName = EndpointSession.Bucket,
                Key = Key,
                ByteRange = new ByteRange((long)part * PartSize, ((part + 1L) * PartSize) - 1),
                EtagToMatch = _eTag,
            });
            total += await Drain.StreamAsync(response.ResponseStream, _buffer, PartSize);
        }

        return total;
    }
}
