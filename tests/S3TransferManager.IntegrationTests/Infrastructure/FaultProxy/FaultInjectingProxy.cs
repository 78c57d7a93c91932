using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;
using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>
/// A reverse proxy on 127.0.0.1 (a free port) in front of an S3 server. Each request is classified
/// (<see cref="S3RequestClassifier"/>), its body read to the end, and then answered as the <see cref="Plan"/> says:
/// passed through by the <see cref="RequestForwarder"/>, or faulted here. Every request is recorded with its outcome.
/// A real socket between client and server shows what an in-process handler cannot: connection reuse after an error,
/// resets, and the client's own retry and timeout behaviour.
/// </summary>
public sealed class FaultInjectingProxy : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly RequestForwarder _forwarder;
    private readonly ConcurrentQueue<ProxiedRequest> _requests = new();
    private readonly CancellationToken _stopping;
    private int _count;

    private FaultInjectingProxy(WebApplication app, RequestForwarder forwarder)
    {
        _app = app;
        _forwarder = forwarder;
        _stopping = app.Lifetime.ApplicationStopping;
    }

    public FaultPlan Plan { get; } = new();

    /// <summary>The proxy's address, for a client's ServiceURL.</summary>
    public Uri Url { get; private set; } = null!;

    public IReadOnlyList<ProxiedRequest> Requests => [.. _requests.OrderBy(r => r.Index)];

    /// <param name="server">The S3 server to forward to.</param>
    /// <param name="receiveBufferBytes">The receive buffer of every connection the proxy accepts, when given: small, it
    /// keeps the kernel from taking in a large request body the proxy does not read (Linux grows a loopback
    /// connection's buffer to tens of MB otherwise), so a client's send stalls as over a real network.</param>
    public static async Task<FaultInjectingProxy> StartAsync(Uri server, int? receiveBufferBytes = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        if (receiveBufferBytes is { } bytes)
        {
            // Set on the listening socket, which the accepted ones inherit (and so do not grow theirs).
            builder.WebHost.UseSockets(sockets => sockets.CreateBoundListenSocket = endpoint =>
            {
                Socket socket = SocketTransportOptions.CreateDefaultBoundListenSocket(endpoint);
                socket.ReceiveBufferSize = bytes;
                return socket;
            });
        }

        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Listen(IPAddress.Loopback, 0);
            kestrel.Limits.MaxRequestBodySize = null;
        });
        WebApplication app = builder.Build();
        var proxy = new FaultInjectingProxy(app, new RequestForwarder(server));
        app.Run(proxy.HandleAsync);
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        proxy.Url = new Uri(address);
        return proxy;
    }

    /// <summary>Whether a GET of a part by number (<c>?partNumber=N</c>) is answered 405 MethodNotAllowed, as OpenStack
    /// Swift's s3api answers it, without reaching moto, being counted or recorded. A download then opens with a ranged
    /// GET, and its parts are ranges a test can fault one by one (moto answers part 1 by number with the whole object).</summary>
    public bool RefusesPartNumberGets { get; set; }

    /// <summary>Requests that have arrived so far (recorded or not yet answered).</summary>
    public int Arrived => Volatile.Read(ref _count);

    public int Count(S3Operation operation) => _requests.Count(r => r.Operation == operation);

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(30));
        await _app.DisposeAsync();
        _forwarder.Dispose();
    }

    private async Task HandleAsync(HttpContext context)
    {
        HttpRequest request = context.Request;
        (S3Operation operation, string? key) = S3RequestClassifier.Classify(request.Method, request.Path, request.Query,
            request.Headers.ContainsKey("x-amz-copy-source"));
        if (RefusesPartNumberGets && operation == S3Operation.GetObject && request.Query.ContainsKey("partNumber"))
        {
            await WriteErrorAsync(context.Response, new ProxyFault.ErrorStatus(HttpStatusCode.MethodNotAllowed, "MethodNotAllowed"), context.RequestAborted);
            return;
        }

        int index = Interlocked.Increment(ref _count);
        ProxyFault fault = Plan.Choose(operation, key);
        // Faults that wait (holds, stalls) end when the client goes away or when the proxy stops, never later.
        using var ending = CancellationTokenSource.CreateLinkedTokenSource(context.RequestAborted, _stopping);
        CancellationToken token = ending.Token;

        // Recorded before the client can see any byte of the answer, so a test that has its response also sees
        // the record; a request whose forwarding failed before answering is recorded with status 0.
        int recorded = 0;
        void Record(int status)
        {
            if (Interlocked.Exchange(ref recorded, 1) == 0)
            {
                _requests.Enqueue(new ProxiedRequest(index, operation, key, request.Method, request.Path + request.QueryString, status,
                    request.Headers.Range.Count > 0 ? request.Headers.Range.ToString() : null));
            }
        }

        context.Response.OnStarting(() =>
        {
            Record(context.Response.StatusCode);
            return Task.CompletedTask;
        });
        try
        {
            if (fault is ProxyFault.ResetDuringRequestBody reset)
            {
                await ReadBodyAsync(request, reset.AfterBytes, token);
                Record(ProxiedRequest.ResetStatus);
                context.Abort();
                return;
            }

            if (fault is ProxyFault.StallDuringRequestBody stall)
            {
                await ReadBodyAsync(request, stall.AfterBytes, token);
                stall.Stalled?.TrySetResult();
                await BodyCopy.WaitForeverAsync(token);
                Record(ProxiedRequest.HeldStatus);
                context.Abort();
                return;
            }

            // Read the whole body first, whatever the answer: an answer sent before the body leaves the client's
            // connection in a state it may not recover from, and that is not the fault under test.
            byte[] body = await ReadBodyAsync(request, limit: null, token);
            switch (fault)
            {
                case ProxyFault.ErrorStatus error:
                    await WriteErrorAsync(context.Response, error, token);
                    break;
                case ProxyFault.ResetConnection:
                    Record(ProxiedRequest.ResetStatus);
                    context.Abort();
                    break;
                case ProxyFault.Hold hold:
                    hold.Arrived?.TrySetResult();
                    await BodyCopy.WaitForeverAsync(token);
                    Record(ProxiedRequest.HeldStatus);
                    context.Abort();
                    break;
                case ProxyFault.RunBefore before:
                    await before.Action();
                    await _forwarder.ForwardAsync(context, body, fault: null, token);
                    break;
                default:
                    await _forwarder.ForwardAsync(context, body, fault as BodyFault, token);
                    break;
            }
        }
        catch (OperationCanceledException) when (token.IsCancellationRequested)
        {
            // The client went away (it gave up on a stall, or was cancelled) or the proxy is stopping.
            context.Abort();
        }
        finally
        {
            Record(0);
        }
    }

    /// <summary>Reads the request body to its end, or only its first <paramref name="limit"/> bytes.</summary>
    private static async Task<byte[]> ReadBodyAsync(HttpRequest request, long? limit, CancellationToken cancellationToken)
    {
        using var buffer = new MemoryStream(request.ContentLength is { } length and <= int.MaxValue ? (int)length : 0);
        byte[] piece = new byte[64 * 1024];
        while (limit is null || buffer.Length < limit)
        {
            int want = (int)Math.Min(piece.Length, (limit ?? long.MaxValue) - buffer.Length);
            int read = await request.Body.ReadAsync(piece.AsMemory(0, want), cancellationToken);
            if (read == 0)
            {
                break;
            }

            buffer.Write(piece, 0, read);
        }

        return buffer.ToArray();
    }

    private static async Task WriteErrorAsync(HttpResponse response, ProxyFault.ErrorStatus error, CancellationToken cancellationToken)
    {
        byte[] xml = Encoding.UTF8.GetBytes(
            $"<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>{error.ErrorCode}</Code><Message>injected by the test proxy</Message><RequestId>proxy</RequestId></Error>");
        response.StatusCode = (int)error.Code;
        response.ContentType = "application/xml";
        response.ContentLength = xml.Length;
        await response.Body.WriteAsync(xml, cancellationToken);
    }
}
