using System.Net;
using System.Text;
using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Time.Testing;
using Moq;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Tests.Scheduling;

/// <summary>
/// 503 SlowDown reaches the automatic budget as the real AWS SDK client meets it, before the client's own retry: checked
/// over a transport that refuses the first attempts of each request, with no network.
/// </summary>
public sealed class SlowDownSignalTests
{
    private static readonly TimeSpan Window = TimeSpan.FromMilliseconds(100);

    private readonly FakeTimeProvider _time = new();

    [Fact]
    public async Task TryListen_RealSdkClientRetriesA503_CutsTheBudgetBeforeTheRequestEnds()
    {
        var transport = new RefusingHandler(refusals: 1);
        using AmazonS3Client client = CreateClient(transport);
        (RequestScheduler scheduler, ConcurrencyTuner tuner) = CreateBudget(16);
        using IDisposable? listening = SlowDownSignal.TryListen(client, tuner);
        Assert.NotNull(listening);

        using GetObjectResponse response = await client.GetObjectAsync(new GetObjectRequest { BucketName = "bucket", Key = "k" });

        Assert.Equal(HttpStatusCode.OK, response.HttpStatusCode);
        Assert.Equal(2, transport.Attempts); // the client retried on its own; the request succeeded
        Assert.Equal(11, scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public async Task TryListen_TwoUtilitiesOnOneClient_BothHearAndOnlyTheDisposedOneStops()
    {
        var transport = new RefusingHandler(refusals: 2);
        using AmazonS3Client client = CreateClient(transport);
        (RequestScheduler first, ConcurrencyTuner firstTuner) = CreateBudget(16);
        (RequestScheduler second, ConcurrencyTuner secondTuner) = CreateBudget(16);
        using IDisposable? firstListening = SlowDownSignal.TryListen(client, firstTuner);
        IDisposable? secondListening = SlowDownSignal.TryListen(client, secondTuner);
        secondListening!.Dispose();

        using GetObjectResponse response = await client.GetObjectAsync(new GetObjectRequest { BucketName = "bucket", Key = "k" });

        // Two refusals, one burst: the first cut once; the second heard nothing after it stopped listening.
        Assert.Equal(3, transport.Attempts);
        Assert.Equal(11, first.MaxRequestsInFlight);
        Assert.Equal(16, second.MaxRequestsInFlight);
    }

    [Fact]
    public async Task TryListen_ErrorsOtherThanRefusals_LeaveTheBudget()
    {
        var transport = new RefusingHandler(refusals: 0);
        using AmazonS3Client client = CreateClient(transport);
        (RequestScheduler scheduler, ConcurrencyTuner tuner) = CreateBudget(16);
        using IDisposable? listening = SlowDownSignal.TryListen(client, tuner);

        await Assert.ThrowsAnyAsync<AmazonS3Exception>(() => client.GetObjectAsync(new GetObjectRequest { BucketName = "bucket", Key = "missing" }));

        Assert.Equal(16, scheduler.MaxRequestsInFlight);
    }

    [Fact]
    public void TryListen_AClientThatIsNotTheSdks_IsNotListenedTo()
    {
        (_, ConcurrencyTuner tuner) = CreateBudget(16);

        Assert.Null(SlowDownSignal.TryListen(new Mock<IAmazonS3>().Object, tuner));
    }

    [Fact]
    public void TransferUtility_AMockClient_KeepsTheAutomaticBudgetWithoutTheSignal()
    {
        var resources = new TransferResources(new Mock<IAmazonS3>().Object, new TransferUtilityConfig().Validated(),
            Microsoft.Extensions.Logging.Abstractions.NullLogger.Instance, timeProvider: _time);

        Assert.NotNull(resources.Tuner);
        Assert.Null(resources.Refusals);
    }

    private (RequestScheduler Scheduler, ConcurrencyTuner Tuner) CreateBudget(int limit)
    {
        var scheduler = new RequestScheduler(limit, allowSharedSlots: false, ceiling: 64);
        var tuner = new ConcurrencyTuner(scheduler, new ConcurrencyController(limit, floor: 10, ceiling: 64), _time, Window);
        scheduler.Observer = tuner;
        return (scheduler, tuner);
    }

    private static AmazonS3Client CreateClient(HttpMessageHandler transport) =>
        new(new BasicAWSCredentials("test", "test"), new AmazonS3Config
        {
            ServiceURL = "http://127.0.0.1:9",
            ForcePathStyle = true,
            AuthenticationRegion = "us-east-1",
            MaxErrorRetry = 3,
            HttpClientFactory = new TransportFactory(transport),
        });

    /// <summary>Answers 503 SlowDown to the first <c>refusals</c> attempts, 404 NoSuchKey to a key named "missing", and
    /// a 3-byte object otherwise.</summary>
    private sealed class RefusingHandler(int refusals) : HttpMessageHandler
    {
        private int _attempts;

        public int Attempts => Volatile.Read(ref _attempts);

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            int attempt = Interlocked.Increment(ref _attempts);
            if (attempt <= refusals)
            {
                return Task.FromResult(Error(HttpStatusCode.ServiceUnavailable, "SlowDown"));
            }

            if (request.RequestUri!.AbsolutePath.EndsWith("/missing", StringComparison.Ordinal))
            {
                return Task.FromResult(Error(HttpStatusCode.NotFound, "NoSuchKey"));
            }

            return Task.FromResult(new HttpResponseMessage(HttpStatusCode.OK) { Content = new ByteArrayContent([1, 2, 3]) });
        }

        private static HttpResponseMessage Error(HttpStatusCode status, string code) => new(status)
        {
            Content = new StringContent($"<Error><Code>{code}</Code><Message>m</Message></Error>", Encoding.UTF8, "application/xml"),
        };
    }

    private sealed class TransportFactory(HttpMessageHandler handler) : HttpClientFactory
    {
        public override HttpClient CreateHttpClient(IClientConfig clientConfig) => new(handler, disposeHandler: false);
    }
}
