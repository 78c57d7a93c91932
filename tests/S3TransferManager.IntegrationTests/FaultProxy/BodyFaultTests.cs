using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.IntegrationTests.FaultProxy;

/// <summary>The proxy's fault kinds each do what they say to a signed GET or PUT, seen from a plain SDK client, so the
/// fault matrix's rows cannot pass because a fault did nothing.</summary>
[Collection(MotoCollection.Name)]
public sealed class BodyFaultTests(MotoServer moto)
{
    private const int Length = 5000;

    [Fact]
    public async Task FlipByte_At1000_InvertsThatByteOnly()
    {
        await using Scene scene = await Scene.StartAsync(moto, new FlipByte(1000));
        byte[] expected = (byte[])scene.Content.Clone();
        expected[1000] ^= 0xFF;

        Assert.Equal(expected, await scene.ReadAsync());
    }

    [Fact]
    public async Task TruncateBody_After777_EndsTheBodyCleanlyAfterThoseBytes()
    {
        await using Scene scene = await Scene.StartAsync(moto, new TruncateBody(777));

        Assert.Equal(scene.Content[..777], await scene.ReadAsync());
    }

    [Fact]
    public async Task CloseAfterBytes_After777_DeliversThoseBytesThenAnIOException()
    {
        await using Scene scene = await Scene.StartAsync(moto, new CloseAfterBytes(777));
        using GetObjectResponse response = await scene.Client.GetObjectAsync(scene.S3.BucketName, "k");
        byte[] received = new byte[Length];
        int total = 0;

        await Assert.ThrowsAnyAsync<IOException>(async () =>
        {
            while (true)
            {
                total += await response.ResponseStream.ReadAsync(received.AsMemory(total));
            }
        });
        Assert.Equal(777, total);
        Assert.Equal(scene.Content[..777], received[..777]);
    }

    [Fact]
    public async Task WrongContentRange_ShiftedBy1_AnnouncesTheRangeOneByteLater()
    {
        await using Scene scene = await Scene.StartAsync(moto, new WrongContentRange(1));

        using GetObjectResponse response = await scene.Client.GetObjectAsync(new GetObjectRequest
        {
            BucketName = scene.S3.BucketName, Key = "k", ByteRange = new ByteRange(0, 99),
        });

        Assert.Equal($"bytes 1-100/{Length}", response.ContentRange);
    }

    [Fact]
    public async Task StallBody_After777_SendsThoseBytesThenNothingUntilTheClientGivesUp()
    {
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using Scene scene = await Scene.StartAsync(moto, new StallBody(777, stalled));
        using GetObjectResponse response = await scene.Client.GetObjectAsync(scene.S3.BucketName, "k");
        byte[] received = new byte[Length];
        await response.ResponseStream.ReadExactlyAsync(received.AsMemory(0, 777));
        await stalled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        using var giveUp = new CancellationTokenSource();

        Task<int> waiting = response.ResponseStream.ReadAsync(received.AsMemory(777), giveUp.Token).AsTask();
        Assert.False(waiting.IsCompleted);
        await giveUp.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => waiting.WaitAsync(TimeSpan.FromSeconds(30)));
    }

    [Fact]
    public async Task Hold_GetObject_AnswersNothingUntilTheClientGivesUp()
    {
        var arrived = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using Scene scene = await Scene.StartAsync(moto, new ProxyFault.Hold(arrived));
        using var giveUp = new CancellationTokenSource();

        Task<GetObjectResponse> get = scene.Client.GetObjectAsync(scene.S3.BucketName, "k", giveUp.Token);
        await arrived.Task.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.False(get.IsCompleted);
        await giveUp.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => get.WaitAsync(TimeSpan.FromSeconds(30)));
    }

    [Fact]
    public async Task RunBefore_DeleteHook_RunsBeforeTheRequestIsForwarded()
    {
        Scene? current = null;
        await using Scene scene = await Scene.StartAsync(moto, new ProxyFault.RunBefore(() => current!.S3.SetupClient.DeleteObjectAsync(current.S3.BucketName, "k")));
        current = scene;

        var error = await Assert.ThrowsAnyAsync<AmazonS3Exception>(() => scene.Client.GetObjectAsync(scene.S3.BucketName, "k"));

        Assert.Equal("NoSuchKey", error.ErrorCode);
    }

    [Fact]
    public async Task ResetDuringRequestBody_FirstPut_IsResetAndTheSdkRetrySucceeds()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        proxy.Plan.Nth(S3Operation.PutObject, 1, new ProxyFault.ResetDuringRequestBody(64 * 1024));
        using AmazonS3Client client = S3TestContext.CreateClient(proxy.Url, httpClientFactory: null);
        byte[] content = TestData.Bytes(1024 * 1024);

        await client.PutObjectAsync(new PutObjectRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(content), ContentType = "application/octet-stream",
        });

        Assert.Equal([ProxiedRequest.ResetStatus, 200], proxy.Requests.Select(r => r.Status));
        using GetObjectResponse stored = await s3.SetupClient.GetObjectAsync(s3.BucketName, "k");
        using var copy = new MemoryStream();
        await stored.ResponseStream.CopyToAsync(copy);
        Assert.Equal(content, copy.ToArray());
    }

    /// <summary>An object "k" of <see cref="Length"/> bytes in moto, and a client through a proxy that applies the
    /// fault to the first GET.</summary>
    private sealed class Scene : IAsyncDisposable
    {
        private Scene(S3TestContext s3, FaultInjectingProxy proxy, byte[] content)
        {
            S3 = s3;
            Proxy = proxy;
            Content = content;
            Client = S3TestContext.CreateClient(proxy.Url, httpClientFactory: null);
        }

        public S3TestContext S3 { get; }

        public FaultInjectingProxy Proxy { get; }

        public AmazonS3Client Client { get; }

        public byte[] Content { get; }

        public static async Task<Scene> StartAsync(MotoServer moto, ProxyFault fault)
        {
            S3TestContext s3 = await S3TestContext.CreateAsync(moto);
            byte[] content = TestData.Bytes(Length);
            await s3.PutAsync("k", content);
            FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
            proxy.Plan.Nth(S3Operation.GetObject, 1, fault);
            return new Scene(s3, proxy, content);
        }

        /// <summary>Reads the object with a ranged GET of all of it, which the SDK does not check against the MD5 ETag
        /// (a whole-object GET would fail the flipped byte itself).</summary>
        public async Task<byte[]> ReadAsync()
        {
            using GetObjectResponse response = await Client.GetObjectAsync(new GetObjectRequest
            {
                BucketName = S3.BucketName, Key = "k", ByteRange = new ByteRange(0, Length - 1),
            });
            using var copy = new MemoryStream();
            await response.ResponseStream.CopyToAsync(copy);
            return copy.ToArray();
        }

        public async ValueTask DisposeAsync()
        {
            Client.Dispose();
            await Proxy.DisposeAsync();
            await S3.DisposeAsync();
        }
    }
}
