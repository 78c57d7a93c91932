using Amazon.S3.Transfer;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// Opens one multipart-seeded object as a stream and reads it to the end with 64 KiB reads (and, for this library,
/// through its PipeReader), against the AWS SDK's TransferUtility (PART, RANGE) and the raw HttpClient ceiling.
/// </summary>
public class OpenStreamBenchmarks : ITransferScenario
{
    private const string Key = "openstream/object";

    private EndpointSession _session = null!;
    private byte[] _buffer = null!;

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
        _buffer = new byte[BenchmarkSettings.ReadBufferSize];
    }

    [GlobalCleanup]
    public Task CleanupAsync() => _session.DisposeAsync().AsTask();

    [Benchmark]
    public Task<long> Ours() => OursAsync(_session.Ours);

    /// <summary>The default that preceded the automatic budget: 10 bodies, each slot free to carry one early request.</summary>
    [Benchmark]
    public Task<long> OursFixed10() => OursAsync(_session.OursFixed10);

    /// <summary>The defaults with the automatic budget starting at 20 whatever the object's parts justify.</summary>
    [Benchmark]
    public Task<long> OursStart20() => OursAsync(_session.OursStart20);

    /// <summary>ConcurrentServiceRequests = 10: a fixed budget and a hard cap, as the SDK's 10.</summary>
    [Benchmark]
    public Task<long> OursCap10() => OursAsync(_session.OursCap10);

    /// <summary>The defaults with the window counted in parts: the tail's small parts each take a whole part of it.</summary>
    [Benchmark]
    public Task<long> OursPartWindow() => OursAsync(_session.OursPartWindow);

    /// <summary>A window of 16 parts, the earlier default (now 24): too few for every worker's part and the
    /// next one it requests early.</summary>
    [Benchmark]
    public Task<long> OursWindow16() => OursWindowAsync(16);

    /// <summary>A window of 48 parts, twice the default: what the default budget could reach if the window never held
    /// a part back.</summary>
    [Benchmark]
    public Task<long> OursWindow48() => OursWindowAsync(48);

    /// <summary>Uniform parts, no early request: OpenStream with its tail and lookahead off.</summary>
    [Benchmark]
    public Task<long> OursUniform() => OursAsync(_session.OursUniform);

    /// <summary>The shrinking tail, no early request: strictly counted requests.</summary>
    [Benchmark]
    public Task<long> OursStrict() => OursAsync(_session.OursStrict);

    [Benchmark]
    public async Task<long> OursPipeReader()
    {
        await using TransferUtilityOpenStreamResponse response = await _session.Ours.OpenStreamWithResponseAsync(OursRequest());
        return await Drain.PipeAsync(response.PipeReader, BytesPerOperation);
    }

    [Benchmark(Baseline = true)]
    public Task<long> AwsSdkPart() => IncumbentAsync(Amazon.S3.Transfer.MultipartDownloadType.PART);

    [Benchmark]
    public Task<long> AwsSdkRange() => IncumbentAsync(Amazon.S3.Transfer.MultipartDownloadType.RANGE);

    [Benchmark]
    public Task<long> RawHttp1Stream() => _session.Raw.ReadAsync(Key, BytesPerOperation, streams: 1);

    [Benchmark]
    public Task<long> RawHttp10Streams() => _session.Raw.ReadAsync(Key, BytesPerOperation, BenchmarkSettings.Concurrency);

    /// <summary>The bandwidth ceiling of 20 connections, each reading a twentieth of the object (the requests the
    /// automatic budget starts at).</summary>
    [Benchmark]
    public Task<long> RawHttp20Streams() => _session.Raw.ReadAsync(Key, BytesPerOperation, streams: 20);

    /// <summary>The bandwidth ceiling of 32 connections, each reading a thirty-second of the object.</summary>
    [Benchmark]
    public Task<long> RawHttp32Streams() => _session.Raw.ReadAsync(Key, BytesPerOperation, streams: 32);

    private static TransferUtilityOpenStreamRequest OursRequest() => new()
    {
        BucketName = EndpointSession.Bucket,
        Key = Key,
        PartSize = BenchmarkSettings.PartSize,
    };

    private async Task<long> OursAsync(TransferUtility utility)
    {
        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(OursRequest());
        return await Drain.StreamAsync(response.ResponseStream, _buffer, BytesPerOperation);
    }

    private async Task<long> OursWindowAsync(int parts)
    {
        TransferUtilityOpenStreamRequest request = OursRequest();
        request.MaxInMemoryParts = parts;
        await using TransferUtilityOpenStreamResponse response = await _session.Ours.OpenStreamWithResponseAsync(request);
        return await Drain.StreamAsync(response.ResponseStream, _buffer, BytesPerOperation);
    }

    private async Task<long> IncumbentAsync(Amazon.S3.Transfer.MultipartDownloadType type)
    {
        using Amazon.S3.Transfer.TransferUtilityOpenStreamResponse response = await _session.Incumbent.OpenStreamWithResponseAsync(
            new Amazon.S3.Transfer.TransferUtilityOpenStreamRequest
            {
                BucketName = EndpointSession.Bucket,
                Key = Key,
                MultipartDownloadType = type,
                PartSize = BenchmarkSettings.PartSize,
            });
        return await Drain.StreamAsync(response.ResponseStream, _buffer, BytesPerOperation);
    }
}
