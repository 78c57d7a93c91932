using System.Diagnostics;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.IntegrationTests.Upload;

/// <summary>
/// Upload requests that stall on a real socket (the fault proxy in front of moto), from a file and from a non-seekable
/// stream: an UploadPart never answered, an UploadPart whose body the server stops reading, a CreateMultipartUpload
/// never answered, and a CompleteMultipartUpload silent for twice the stall bound before it is answered. Each upload
/// ends with the right object and no open multipart upload; the stalled request was sent again, except Complete, which
/// is sent once. The stall timeout is 3 s in most cases (the unit tests run the default bounds on a fake clock); each of
/// the first three faults also runs once with every setting at its default, within 30 s.
/// </summary>
/// <remarks>A request the proxy holds is recorded only once it sees the client's connection close, which it may not
/// notice while it reads nothing from it; so the tests count the answered requests, and learn from the fault itself
/// (its completion source) that it was applied.</remarks>
[Collection(MotoCollection.Name)]
public sealed class UploadStallProxyTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;
    private static readonly TimeSpan s_stall = TimeSpan.FromSeconds(3);
    private static readonly TimeSpan s_limit = TimeSpan.FromSeconds(30);

    public static TheoryData<string> Sources => ["file", "stream"];

    /// <summary>Each stall fault once with the default settings, from either source.</summary>
    public static TheoryData<string, string> DefaultCases => new()
    {
        { "part-never-answered", "file" },
        { "part-stalled-mid-body", "stream" },
        { "create-never-answered", "stream" },
    };

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task UploadWithResponseAsync_UploadPartNeverAnswered_SendsItAgainAndStoresTheObject(string source) =>
        await RunAsync("part-never-answered", source, Config());

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task UploadWithResponseAsync_UploadPartStalledMidBody_GivesUpWhileSendingAndStoresTheObject(string source) =>
        await RunAsync("part-stalled-mid-body", source, Config());

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task UploadWithResponseAsync_CreateNeverAnswered_SendsItAgainAndStoresTheObject(string source) =>
        await RunAsync("create-never-answered", source, Config());

    [Theory]
    [MemberData(nameof(DefaultCases))]
    public async Task UploadWithResponseAsync_StallWithDefaultSettings_StoresTheObjectWithin30Seconds(string fault, string source)
    {
        var clock = Stopwatch.StartNew();

        await RunAsync(fault, source, new TransferUtilityConfig());

        Assert.True(clock.Elapsed < s_limit, $"took {clock.Elapsed}");
    }

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task UploadWithResponseAsync_CompleteSilentForTwiceTheBoundThenAnswered_StoresTheObjectWithoutSendingCompleteAgain(string source)
    {
        await using var scene = await Scene.StartAsync(moto);
        scene.Proxy.Plan.Nth(S3Operation.CompleteMultipartUpload, 1, new ProxyFault.RunBefore(() => Task.Delay(2 * s_stall)));

        await scene.UploadAsync(source, 5 * MiB + (64 * 1024), 5 * MiB, Config());

        Assert.Equal(1, scene.Proxy.Count(S3Operation.CompleteMultipartUpload));
        Assert.Equal(2, scene.Proxy.Count(S3Operation.UploadPart));
    }

    [Theory]
    [MemberData(nameof(Sources))]
    public async Task UploadWithResponseAsync_EveryUploadPartNeverAnswered_AbortsWithRequestStalledException(string source)
    {
        await using var scene = await Scene.StartAsync(moto);
        scene.Proxy.Plan.Every(S3Operation.UploadPart, new ProxyFault.Hold());
        TransferUtilityConfig config = Config();
        config.BodyStallTimeout = TimeSpan.FromSeconds(1);
        config.InterruptedBodyRetryAttempts = 1;

        var error = await Assert.ThrowsAsync<RequestStalledException>(
            () => scene.UploadAsync(source, 5 * MiB + (64 * 1024), 5 * MiB, config));

        Assert.Equal("UploadPart", error.Operation);
        Assert.Equal(2, error.Attempts);
        Assert.False(error.WhileSending);
        Assert.True(error.StalledFor >= TimeSpan.FromSeconds(1), $"stalled for {error.StalledFor}");
        Assert.Equal(0, scene.Answered(S3Operation.UploadPart));
        Assert.Equal(1, scene.Proxy.Requests.Count(r => r.Operation == S3Operation.AbortMultipartUpload && r.Status is >= 200 and < 300));
        await UploadAssertions.AssertNoOpenUploadsAsync(scene.S3);
    }

    /// <summary>Uploads through one stall <paramref name="fault"/> and checks the object, the open uploads and the
    /// requests the proxy answered. The objects are above the default multipart threshold (16 MiB).</summary>
    private async Task RunAsync(string fault, string source, TransferUtilityConfig config)
    {
        var applied = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        switch (fault)
        {
            case "part-never-answered":
            case "create-never-answered":
            {
                (S3Operation held, int nth) = fault == "part-never-answered" ? (S3Operation.UploadPart, 2) : (S3Operation.CreateMultipartUpload, 1);
                await using var scene = await Scene.StartAsync(moto);
                scene.Proxy.Plan.Nth(held, nth, new ProxyFault.Hold(applied));

                await scene.UploadAsync(source, 17 * MiB, 8 * MiB, config);

                // Every request answered once: the held one was sent again, and nothing else was.
                Assert.True(applied.Task.IsCompleted, $"no {held} was held");
                Assert.Equal(1, scene.Answered(S3Operation.CreateMultipartUpload));
                Assert.Equal(3, scene.Answered(S3Operation.UploadPart));
                Assert.Equal(1, scene.Proxy.Count(S3Operation.CompleteMultipartUpload));
                break;
            }

            case "part-stalled-mid-body":
            {
                // Parts far larger than the connection's buffers (a few MB on loopback): the client's send blocks once
                // they are full. Every part is that large, since any may reach the proxy first.
                await using var scene = await Scene.StartAsync(moto, receiveBufferBytes: 64 * 1024);
                scene.Proxy.Plan.Nth(S3Operation.UploadPart, 1, new ProxyFault.StallDuringRequestBody(64 * 1024, applied));
                using var telemetry = new TelemetryRecorder(scene.S3.BucketName, "s3transfermanager.stalls");

                await scene.UploadAsync(source, 24 * MiB, 8 * MiB, config);

                Assert.True(applied.Task.IsCompleted, "no part's body was stalled");
                Assert.Equal(3, scene.Answered(S3Operation.UploadPart));
                Assert.Equal(1, telemetry.Sum("s3transfermanager.stalls", ("rpc.method", "UploadPart"), ("s3transfermanager.stall.phase", "sending")));
                break;
            }

            default:
                throw new ArgumentOutOfRangeException(nameof(fault));
        }
    }

    private static TransferUtilityConfig Config() => new()
    {
        BodyStallTimeout = s_stall,
        InterruptedBodyRetryDelay = TimeSpan.FromMilliseconds(10),
        MinSizeBeforePartUpload = 5 * MiB,
    };

    /// <summary>A bucket on moto, the fault proxy in front of it, and a client through the proxy.</summary>
    private sealed class Scene : IAsyncDisposable
    {
        private Scene(S3TestContext s3, FaultInjectingProxy proxy)
        {
            S3 = s3;
            Proxy = proxy;
            Client = S3TestContext.CreateClient(proxy.Url, httpClientFactory: null);
        }

        public S3TestContext S3 { get; }

        public FaultInjectingProxy Proxy { get; }

        public AmazonS3Client Client { get; }

        /// <summary>The requests of <paramref name="operation"/> the proxy passed on and relayed a 200 for.</summary>
        public int Answered(S3Operation operation) => Proxy.Requests.Count(r => r.Operation == operation && r.Status == 200);

        public static async Task<Scene> StartAsync(MotoServer moto, int? receiveBufferBytes = null) =>
            new(await S3TestContext.CreateAsync(moto), await FaultInjectingProxy.StartAsync(moto.ServiceUrl, receiveBufferBytes));

        /// <summary>Uploads <paramref name="length"/> bytes from <paramref name="source"/> within the limit, then checks
        /// the stored object against them and that no multipart upload is open.</summary>
        public async Task UploadAsync(string source, int length, int partSize, TransferUtilityConfig config)
        {
            byte[] content = TestData.Payload(length, seed: 11);
            var request = new TransferUtilityUploadRequest { BucketName = S3.BucketName, Key = "k", PartSize = partSize };
            if (source == "file")
            {
                request.FilePath = S3.PathFor("source.bin");
                await File.WriteAllBytesAsync(request.FilePath, content);
            }
            else
            {
                request.InputStream = new NonSeekableStream(content);
            }

            using var utility = new TransferUtility(Client, config);
            await utility.UploadWithResponseAsync(request).WaitAsync(s_limit);

            using GetObjectResponse stored = await S3.SetupClient.GetObjectAsync(S3.BucketName, "k");
            using var copy = new MemoryStream();
            await stored.ResponseStream.CopyToAsync(copy);
            Assert.Equal(TestData.Sha256(content), TestData.Sha256(copy.ToArray()));
            await UploadAssertions.AssertNoOpenUploadsAsync(S3);
        }

        public async ValueTask DisposeAsync()
        {
            Client.Dispose();
            await Proxy.DisposeAsync();
            await S3.DisposeAsync();
        }
    }
}
