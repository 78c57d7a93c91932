using System.Buffers;
using System.Net;
using System.Security.Cryptography.X509Certificates;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using S3TransferManager.InMemoryS3.Compatibility;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;
using S3TransferManager.InMemoryS3.Throttling;

namespace S3TransferManager.InMemoryS3;

/// <summary>
/// An S3-compatible endpoint that keeps everything in memory, served by Kestrel on 127.0.0.1 only, with path-style
/// addressing and no authentication. For tests and benchmarks; see <see cref="InMemoryS3Process"/> to run it in a
/// separate process.
/// </summary>
public sealed class InMemoryS3Server : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly ObjectStore _store;
    private readonly RequestCounters _counters;

    // Kestrel's certificate with its private key (HTTPS only); disposed after Kestrel stops.
    private readonly X509Certificate2? _tlsCertificate;
    private int _disposed;

    private InMemoryS3Server(WebApplication app, ObjectStore store, RequestCounters counters, Uri serviceUrl, X509Certificate2? tlsCertificate)
    {
        _app = app;
        _store = store;
        _counters = counters;
        ServiceUrl = serviceUrl;
        _tlsCertificate = tlsCertificate;
        Certificate = tlsCertificate is null ? null : X509CertificateLoader.LoadCertificate(tlsCertificate.RawData);
    }

    /// <summary>The endpoint's base address, e.g. <c>http://127.0.0.1:41234/</c> (<c>https://</c> with
    /// <see cref="InMemoryS3Options.UseHttps"/>); use it with path-style addressing.</summary>
    public Uri ServiceUrl { get; }

    /// <summary>The certificate served with <see cref="InMemoryS3Options.UseHttps"/> (without its private key), or
    /// <see langword="null"/> over HTTP.</summary>
    public X509Certificate2? Certificate { get; }

    /// <summary>A handler for clients of this endpoint: over HTTPS it trusts exactly <see cref="Certificate"/> (by its
    /// bytes, for 127.0.0.1) besides what the system trusts; over HTTP it is a plain handler.</summary>
    /// <param name="maxConnectionsPerServer">The connection limit.</param>
    /// <returns>A new handler; the caller owns it.</returns>
    public SocketsHttpHandler CreateClientHandler(int maxConnectionsPerServer = 64) => LoopbackCertificate.CreateHandler(Certificate, maxConnectionsPerServer);

    /// <summary>Every S3 request since start or the last <see cref="ResetCounters"/>.</summary>
    public long TotalRequests => _counters.Total;

    /// <summary>The most requests that were in flight at once since start or the last <see cref="ResetCounters"/>.</summary>
    public int MaxConcurrentRequests => _counters.MaxInFlight;

    /// <summary>Requests answered 503 SlowDown since start or the last <see cref="ResetCounters"/>.</summary>
    public long SlowDownResponses => _counters.SlowDowns;

    /// <summary>Binds Kestrel to 127.0.0.1 (port 0 unless <see cref="InMemoryS3Options.Port"/> says otherwise) and starts serving.</summary>
    /// <param name="options">Settings; <see langword="null"/> for the defaults (the <see cref="InMemoryS3Profile.Raw"/> profile).</param>
    /// <param name="cancellationToken">Cancels the start.</param>
    /// <returns>The running server; dispose it to stop.</returns>
    /// <exception cref="ArgumentOutOfRangeException">An option is out of range.</exception>
    public static async Task<InMemoryS3Server> StartAsync(InMemoryS3Options? options = null, CancellationToken cancellationToken = default)
    {
        options ??= new InMemoryS3Options();
        options.Validate();
        var habits = ServerHabits.From(options);
        var store = new ObjectStore(options.ComputeMd5ETags, options.MinimumPartSize, options.ChecksumStyle, habits);
        store.Pool.Prewarm(options.PrewarmedStorageBytes);
        var counters = new RequestCounters();
        ConnectionThrottleRegistry? throttles = options.Profile == InMemoryS3Profile.S3Like
            ? new ConnectionThrottleRegistry(options.BandwidthBytesPerSecond)
            : null;
        TimeSpan firstByteDelay = options.Profile == InMemoryS3Profile.S3Like ? options.FirstByteDelay : TimeSpan.Zero;
        SlowDownGate? slowDown = options.SlowDownAboveRequestsPerSecond > 0 || options.SlowDownAboveConcurrentRequests > 0
            ? new SlowDownGate(options.SlowDownAboveRequestsPerSecond, options.SlowDownAboveConcurrentRequests)
            : null;
        var slowFirstBytes = options.Profile == InMemoryS3Profile.S3Like && options.SlowFirstByteFraction > 0
            ? new SlowFirstBytes(options.SlowFirstByteFraction, options.SlowFirstByteDelay)
            : null;
        var service = new ServiceShape(options.ServedAtOnce > 0 ? new ServiceQueue(options.ServedAtOnce) : null, options.ServedBytesPerSecond);
        var router = new S3RequestRouter(store, counters, throttles, firstByteDelay, slowFirstBytes, slowDown, habits, service);
        X509Certificate2? certificate = options.UseHttps ? LoopbackCertificate.Create() : null;

        // The empty builder brings Kestrel and nothing else: no logging providers, no configuration sources, no routing.
        WebApplicationBuilder builder = WebApplication.CreateEmptyBuilder(new WebApplicationOptions());
        builder.WebHost.UseKestrelCore();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.AddServerHeader = false;
            kestrel.Limits.MaxRequestBodySize = null;
            kestrel.Limits.MinRequestBodyDataRate = null;
            kestrel.Limits.MinResponseDataRate = null;
            kestrel.Listen(IPAddress.Loopback, options.Port, listen =>
            {
                listen.Protocols = HttpProtocols.Http1;
                if (certificate is not null)
                {
                    listen.UseHttps(certificate);
                }

                if (throttles is not null)
                {
                    listen.Use(next => async connection =>
                    {
                        try
                        {
                            await next(connection);
                        }
                        finally
                        {
                            throttles.Remove(connection.ConnectionId);
                        }
                    });
                }
            });
        });

        WebApplication app = builder.Build();
        app.Run(router.InvokeAsync);
        try
        {
            await app.StartAsync(cancellationToken);
            string address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.First();
            return new InMemoryS3Server(app, store, counters, new Uri(address.TrimEnd('/') + "/"), certificate);
        }
        catch
        {
            // A port in use or a cancelled start: release Kestrel before reporting.
            await app.DisposeAsync();
            certificate?.Dispose();
            throw;
        }
    }

    /// <summary>The number of requests classified as <paramref name="operation"/>.</summary>
    /// <param name="operation">The operation.</param>
    /// <returns>The count since start or the last <see cref="ResetCounters"/>.</returns>
    public long GetRequestCount(S3Operation operation) => _counters.Get(operation);

    /// <summary>A snapshot of every counter.</summary>
    /// <returns>The snapshot.</returns>
    public InMemoryS3RequestCounts GetCounters() => InMemoryS3RequestCounts.FromCounters(_counters);

    /// <summary>Zeroes every counter; the concurrency peak restarts from the requests in flight now.</summary>
    public void ResetCounters() => _counters.Reset();

    /// <summary>Creates a bucket if it does not exist.</summary>
    /// <param name="bucket">The bucket name.</param>
    public void CreateBucket(string bucket) => _store.GetOrCreateBucket(bucket);

    /// <summary>Stores an object as a single PUT would, creating the bucket if needed.</summary>
    /// <param name="bucket">The bucket name.</param>
    /// <param name="key">The key.</param>
    /// <param name="content">The bytes, copied into the store.</param>
    /// <param name="contentType">The content type; <see langword="null"/> for <c>binary/octet-stream</c>.</param>
    /// <returns>The quoted ETag.</returns>
    public string PutObject(string bucket, string key, ReadOnlySpan<byte> content, string? contentType = null) =>
        PutMultipartObject(bucket, key, content, partSize: 0, contentType);

    /// <summary>Stores an object produced by a callback, which can exceed 2 GiB, as a single PUT would.</summary>
    /// <param name="bucket">The bucket name.</param>
    /// <param name="key">The key.</param>
    /// <param name="length">The object length.</param>
    /// <param name="fill">Fills each span with the bytes found at the given offset of the object.</param>
    /// <param name="contentType">The content type; <see langword="null"/> for <c>binary/octet-stream</c>.</param>
    /// <returns>The quoted ETag.</returns>
    public string PutObject(string bucket, string key, long length, SpanAction<byte, long> fill, string? contentType = null) =>
        ObjectSeeder.Seed(_store, bucket, key, length, partSize: 0, fill, contentType).ETag;

    /// <summary>
    /// Stores an object as if uploaded by multipart upload in parts of <paramref name="partSize"/> bytes (the last
    /// may be smaller), so partNumber GETs and the <c>-N</c> ETag behave as for a real multipart object.
    /// </summary>
    /// <param name="bucket">The bucket name.</param>
    /// <param name="key">The key.</param>
    /// <param name="content">The bytes, copied into the store.</param>
    /// <param name="partSize">The part size; 0 stores a single-part object.</param>
    /// <param name="contentType">The content type; <see langword="null"/> for <c>binary/octet-stream</c>.</param>
    /// <returns>The quoted ETag.</returns>
    public string PutMultipartObject(string bucket, string key, ReadOnlySpan<byte> content, long partSize, string? contentType = null)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(partSize);
        return ObjectSeeder.Seed(_store, bucket, key, content, partSize, contentType).ETag;
    }

    /// <summary>Stores an object produced by a callback as if uploaded in parts of <paramref name="partSize"/> bytes.</summary>
    /// <param name="bucket">The bucket name.</param>
    /// <param name="key">The key.</param>
    /// <param name="length">The object length.</param>
    /// <param name="partSize">The part size; 0 stores a single-part object.</param>
    /// <param name="fill">Fills each span with the bytes found at the given offset of the object.</param>
    /// <param name="contentType">The content type; <see langword="null"/> for <c>binary/octet-stream</c>.</param>
    /// <returns>The quoted ETag.</returns>
    public string PutMultipartObject(string bucket, string key, long length, long partSize, SpanAction<byte, long> fill, string? contentType = null)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(partSize);
        return ObjectSeeder.Seed(_store, bucket, key, length, partSize, fill, contentType).ETag;
    }

    /// <summary>A copy of a stored object's bytes, or <see langword="null"/> when it does not exist; for assertions on small objects.</summary>
    /// <param name="bucket">The bucket name.</param>
    /// <param name="key">The key.</param>
    /// <returns>The bytes, or <see langword="null"/>.</returns>
    public byte[]? GetObjectContent(string bucket, string key)
    {
        if (!_store.TryGetBucket(bucket, out S3Bucket? b) || !b.TryAcquire(key, out StoredObject? storedObject))
        {
            return null;
        }

        try
        {
            byte[] content = new byte[checked((int)storedObject.Length)];
            long offset = 0;
            while (offset < storedObject.Length)
            {
                ReadOnlyMemory<byte> chunk = storedObject.GetChunk(offset, storedObject.Length - offset);
                chunk.Span.CopyTo(content.AsSpan((int)offset));
                offset += chunk.Length;
            }

            return content;
        }
        finally
        {
            storedObject.Release();
        }
    }

    /// <summary>The number of multipart uploads in progress (created, neither completed nor aborted) in a bucket.</summary>
    /// <param name="bucket">The bucket name.</param>
    /// <returns>The count; 0 when the bucket does not exist.</returns>
    public int GetMultipartUploadCount(string bucket) => _store.TryGetBucket(bucket, out S3Bucket? b) ? b.Uploads.Count : 0;

    /// <summary>Completes when the host stops, e.g. on SIGTERM or Ctrl+C in standalone mode.</summary>
    internal Task WaitForShutdownAsync() => _app.WaitForShutdownAsync();

    /// <summary>Stops Kestrel and releases the stored objects.</summary>
    /// <returns>A task that completes when the server has stopped.</returns>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        await _app.StopAsync();
        await _app.DisposeAsync();
        _tlsCertificate?.Dispose();
        Certificate?.Dispose();
    }
}
