using System.Net;
using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Multipart;
using S3TransferManager.Upload;
using S3TransferManager.Checksums;

namespace S3TransferManager.Tests.Upload;

/// <summary>
/// A part's body says it was sent once the pass that sends it ends: checked here against the real AWS SDK (its signer,
/// its HTTP content) over a transport that reads each request body, in the three ways the library sends parts.
/// </summary>
public sealed class SentBodyStreamTests
{
    private const int Length = 300_000;

    [Theory]
    [InlineData("http://127.0.0.1:9", null)] // signed once: the SDK hashes the whole body, then sends it
    [InlineData("https://127.0.0.1:9", null)] // unsigned, the library's checksum header
    [InlineData("https://127.0.0.1:9", false)] // each aws-chunked chunk signed as it goes out
    public async Task UploadPart_RealSdk_SignalsOnceWhileTheBodyIsBeingSent(string serviceUrl, bool? disablePayloadSigning)
    {
        var transport = new BodyReadingHandler();
        using AmazonS3Client client = ClientOver(serviceUrl, transport);
        PayloadSigning signing = PartSigning.For(client, disablePayloadSigning);
        var part = new MemoryStream(TestData.Bytes(Length));
        string crc = await ChecksumHasher.ComputeAsync(ChecksumAlgorithm.CRC32, part, CancellationToken.None);
        var signals = new List<bool>();
        UploadPartRequest request = PartRequest(new SentBodyStream(part, signing.PassesBeforeSent, () => signals.Add(transport.Sending)));
        request.UseChunkEncoding = signing.UseChunkEncoding;
        request.DisablePayloadSigning = signing.DisablePayloadSigning;
        UploadChecksums.Apply(request, ChecksumAlgorithm.CRC32, crc);

        await client.UploadPartAsync(request);

        Assert.Equal([true], signals);
        Assert.True(transport.BodyBytes >= Length, $"{transport.BodyBytes} body bytes sent");
    }

    /// <summary>
    /// Why a signed part is read twice: AWSSDK.Core's signer cannot be handed the payload hash. A header set through
    /// the request's before-request event (which every AmazonS3Client raises after marshalling, before signing) is
    /// removed and replaced by the SDK's own hash, computed by reading the body through. Should a later SDK honour it,
    /// this fails, and each part could be hashed in the pass that computes its CRC.
    /// </summary>
    [Fact]
    public async Task UploadPart_RealSdkOverHttp_PresetPayloadHashIsReplacedByTheSdksOwnPass()
    {
        var transport = new BodyReadingHandler();
        using AmazonS3Client client = ClientOver("http://127.0.0.1:9", transport);
        byte[] bytes = TestData.Bytes(Length);
        string preset = Convert.ToHexStringLower(System.Security.Cryptography.SHA256.HashData(new byte[1]));
        using var body = new ReadCountingStream(bytes);
        bool presetSet = false;
        UploadPartRequest request = PartRequest(body);
        request.UseChunkEncoding = false;
        UploadChecksums.Apply(request, ChecksumAlgorithm.CRC32, await ChecksumHasher.ComputeAsync(ChecksumAlgorithm.CRC32, new MemoryStream(bytes), CancellationToken.None));
        ((Amazon.Runtime.Internal.IAmazonWebServiceRequest)request).AddBeforeRequestHandler((_, args) =>
        {
            ((WebServiceRequestEventArgs)args).Headers["x-amz-content-sha256"] = preset;
            presetSet = true;
        });

        await client.UploadPartAsync(request);

        Assert.True(presetSet);
        Assert.Equal(Convert.ToHexStringLower(System.Security.Cryptography.SHA256.HashData(bytes)), transport.ContentSha256);
        Assert.Equal(2L * Length, body.BytesRead);
    }

    [Fact]
    public async Task ReadAsync_UnderABandwidthCap_HashingPassWholeSendingPassCutToOneBuffer()
    {
        // 20 MB/s: the bucket starts with a twentieth of a second's tokens, more than one read takes.
        using var bandwidth = new S3TransferManager.Scheduling.BandwidthLimiter(20_000_000, new Microsoft.Extensions.Time.Testing.FakeTimeProvider());
        using var body = new SentBodyStream(new MemoryStream(new byte[200_000]), passesBeforeSent: 2, () => { }, bandwidth: bandwidth);
        byte[] buffer = new byte[200_000];

        int hashed = await body.ReadAsync(buffer);
        body.Position = 0;
        int firstSent = await body.ReadAsync(buffer);

        Assert.Equal((200_000, 64 * 1024), (hashed, firstSent));
    }

    [Fact]
    public async Task ReadAsync_BandwidthCapSpent_HashingPassNotHeldSendingPassHeld()
    {
        // 1,000 bytes a second on a clock that never moves: the bucket holds 50 tokens and is never refilled.
        using var bandwidth = new S3TransferManager.Scheduling.BandwidthLimiter(1000, new Microsoft.Extensions.Time.Testing.FakeTimeProvider());
        using var body = new SentBodyStream(new MemoryStream(new byte[3000]), passesBeforeSent: 2, () => { }, bandwidth: bandwidth);
        byte[] buffer = new byte[4000];

        int hashed = await body.ReadAsync(buffer);
        body.Position = 0;
        ValueTask<int> sent = body.ReadAsync(buffer);

        Assert.Equal(3000, hashed);
        Assert.False(sent.IsCompleted);
    }

    [Fact]
    public void Read_SecondPassReachesTheEnd_SignalsOnlyThen()
    {
        int signals = 0;
        using var body = new SentBodyStream(new MemoryStream(new byte[10]), passesBeforeSent: 2, () => signals++);
        var buffer = new byte[4];

        ReadToEnd(body, buffer);
        int afterFirstPass = signals;
        body.Position = 0;
        ReadToEnd(body, buffer);
        body.Position = 0;
        ReadToEnd(body, buffer);

        Assert.Equal(0, afterFirstPass);
        Assert.Equal(1, signals);
    }

    [Fact]
    public void Read_HashedThenSentThenRetried_CountsEachByteOnceAndOnlyWhileSending()
    {
        var counted = new List<long>();
        using var body = new SentBodyStream(new MemoryStream(new byte[10]), passesBeforeSent: 2, () => { }, counted.Add);
        var buffer = new byte[4];

        ReadToEnd(body, buffer);
        long afterHashing = counted.Sum();
        body.Position = 0;
        ReadToEnd(body, buffer);
        body.Position = 0;
        ReadToEnd(body, buffer);

        Assert.Equal(0, afterHashing);
        Assert.Equal([4L, 4L, 2L], counted);
        Assert.Equal(10, body.BytesSent);
    }

    private static AmazonS3Client ClientOver(string serviceUrl, HttpMessageHandler transport) =>
        new(new BasicAWSCredentials("test", "test"), new AmazonS3Config
        {
            ServiceURL = serviceUrl,
            ForcePathStyle = true,
            AuthenticationRegion = "us-east-1",
            MaxErrorRetry = 0,
            HttpClientFactory = new TransportFactory(transport),
        });

    private static UploadPartRequest PartRequest(Stream body) => new()
    {
        BucketName = "bucket",
        Key = "k",
        UploadId = "u",
        PartNumber = 1,
        PartSize = Length,
        InputStream = body,
    };

    private static void ReadToEnd(Stream body, byte[] buffer)
    {
        while (body.Read(buffer) > 0)
        {
        }
    }

    /// <summary>Reads every request body as a server would and answers 200 with an ETag.</summary>
    private sealed class BodyReadingHandler : HttpMessageHandler
    {
        public bool Sending { get; private set; }

        public long BodyBytes { get; private set; }

        /// <summary>The last request's x-amz-content-sha256 header.</summary>
        public string? ContentSha256 { get; private set; }

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Sending = true;
            ContentSha256 = request.Headers.TryGetValues("x-amz-content-sha256", out IEnumerable<string>? values) ? values.Single() : null;
            var sink = new MemoryStream();
            if (request.Content is not null)
            {
                await request.Content.CopyToAsync(sink, cancellationToken);
            }

            BodyBytes = sink.Length;
            Sending = false;
            var response = new HttpResponseMessage(HttpStatusCode.OK) { RequestMessage = request, Content = new ByteArrayContent([]) };
            response.Headers.ETag = new System.Net.Http.Headers.EntityTagHeaderValue("\"p1\"");
            return response;
        }
    }

    /// <summary>A seekable body that counts every byte read from it, however it is read.</summary>
    private sealed class ReadCountingStream(byte[] bytes) : Stream
    {
        private readonly MemoryStream _inner = new(bytes, writable: false);

        public long BytesRead { get; private set; }

        public override bool CanRead => true;

        public override bool CanSeek => true;

        public override bool CanWrite => false;

        public override long Length => _inner.Length;

        public override long Position
        {
            get => _inner.Position;
            set => _inner.Position = value;
        }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            int read = _inner.Read(buffer);
            BytesRead += read;
            return read;
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            Task.FromResult(Read(buffer.AsSpan(offset, count)));

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            ValueTask.FromResult(Read(buffer.Span));

        public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);

        public override void Flush()
        {
        }

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            _inner.Dispose();
            base.Dispose(disposing);
        }
    }

    private sealed class TransportFactory(HttpMessageHandler handler) : HttpClientFactory
    {
        public override HttpClient CreateHttpClient(IClientConfig clientConfig) => new(handler, disposeHandler: false);

        public override bool UseSDKHttpClientCaching(IClientConfig clientConfig) => false;

        public override bool DisposeHttpClientsAfterUse(IClientConfig clientConfig) => false;
    }
}
