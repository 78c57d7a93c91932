using System.Net.Http.Headers;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>
/// Sends a request the proxy received on to the server, byte for byte: same method, the same raw path and query, the
/// same Host header (the client signed its request for the proxy's host:port), the same headers and body. Then copies
/// the server's answer back. Knows of faults only that a <see cref="BodyFault"/> may edit the headers and relay the body.
/// </summary>
public sealed class RequestForwarder : IDisposable
{
    // Hop-by-hop headers belong to one connection; Expect is answered by Kestrel, and the body is already read.
    private static readonly HashSet<string> s_notForwarded = new(StringComparer.OrdinalIgnoreCase)
    {
        "Connection", "Keep-Alive", "Transfer-Encoding", "Expect", "Upgrade", "Proxy-Connection", "TE", "Trailer",
    };

    private readonly Uri _server;
    private readonly HttpClient _client;

    public RequestForwarder(Uri server)
    {
        _server = server;
        _client = new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = 64, UseProxy = false, AllowAutoRedirect = false, UseCookies = false })
        {
            Timeout = TimeSpan.FromMinutes(2),
        };
    }

    /// <summary>Forwards the request and relays the answer: its body unchanged, or as <paramref name="fault"/> relays it
    /// (after editing the headers).</summary>
    public async Task ForwardAsync(HttpContext context, byte[] body, BodyFault? fault, CancellationToken cancellationToken)
    {
        using HttpRequestMessage outgoing = BuildRequest(context, body);
        using HttpResponseMessage answer = await _client.SendAsync(outgoing, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
        HttpResponse response = context.Response;
        response.StatusCode = (int)answer.StatusCode;
        CopyHeaders(answer.Headers, response);
        CopyHeaders(answer.Content.Headers, response);
        fault?.EditHeaders(response);
        if (fault is not null)
        {
            await fault.BeforeAnswerAsync(cancellationToken);
        }

        // Starts the answer (and so records it) even when it has no body: a 204, or a HEAD.
        await response.StartAsync(cancellationToken);
        if (!HttpMethods.IsHead(context.Request.Method))
        {
            await using Stream source = await answer.Content.ReadAsStreamAsync(cancellationToken);
            if (fault is null)
            {
                await source.CopyToAsync(response.Body, cancellationToken);
            }
            else
            {
                await fault.RelayBodyAsync(source, context, cancellationToken);
            }
        }
    }

    public void Dispose() => _client.Dispose();

    private HttpRequestMessage BuildRequest(HttpContext context, byte[] body)
    {
        HttpRequest request = context.Request;
        // The raw target keeps the client's own percent-encoding, which its signature covers.
        string target = context.Features.Get<IHttpRequestFeature>()?.RawTarget ?? (request.Path + request.QueryString);
        var outgoing = new HttpRequestMessage(new HttpMethod(request.Method), new Uri(_server, target));
        if (body.Length > 0 || request.ContentLength is not null)
        {
            outgoing.Content = new ByteArrayContent(body);
        }

        foreach (KeyValuePair<string, Microsoft.Extensions.Primitives.StringValues> header in request.Headers)
        {
            if (s_notForwarded.Contains(header.Key))
            {
                continue;
            }

            string?[] values = header.Value.ToArray();
            if (!outgoing.Headers.TryAddWithoutValidation(header.Key, values))
            {
                outgoing.Content?.Headers.TryAddWithoutValidation(header.Key, values);
            }
        }

        return outgoing;
    }

    private static void CopyHeaders(HttpHeaders headers, HttpResponse response)
    {
        foreach (KeyValuePair<string, IEnumerable<string>> header in headers)
        {
            if (!s_notForwarded.Contains(header.Key))
            {
                response.Headers[header.Key] = header.Value.ToArray();
            }
        }
    }
}
