using Amazon.Runtime;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>Gives the AWS SDK an HttpClient over a handler the test owns (a recorder, a handler trusting a test
/// certificate).</summary>
internal sealed class HandlerClientFactory(HttpMessageHandler handler) : HttpClientFactory
{
    public override HttpClient CreateHttpClient(IClientConfig clientConfig) =>
        new(handler, disposeHandler: false) { Timeout = TimeSpan.FromMinutes(5) };

    public override bool UseSDKHttpClientCaching(IClientConfig clientConfig) => false;

    public override bool DisposeHttpClientsAfterUse(IClientConfig clientConfig) => false;
}
