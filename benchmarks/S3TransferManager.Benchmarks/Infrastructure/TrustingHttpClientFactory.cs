using Amazon.Runtime;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>
/// Gives the S3 client (and so both transfer utilities) an HttpClient whose handler trusts exactly the in-memory
/// endpoint's run-time certificate (HTTPS runs); the connection limit is the one the SDK would use from its config.
/// </summary>
public sealed class TrustingHttpClientFactory(InMemoryS3Process endpoint) : HttpClientFactory
{
    public override HttpClient CreateHttpClient(IClientConfig clientConfig) =>
        new(endpoint.CreateClientHandler(clientConfig.MaxConnectionsPerServer ?? 64), disposeHandler: true)
        {
            Timeout = clientConfig.Timeout ?? TimeSpan.FromMinutes(10),
        };
}
