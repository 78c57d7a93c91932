using Amazon.Runtime;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>Gives the AWS SDK an HttpClient over the test's recording handler.</summary>
internal sealed class RecordingHttpClientFactory(RecordingHandler handler) : HttpClientFactory
{
    public override HttpClient CreateHttpClient(IClientConfig clientConfig) =>
        new(handler, disposeHandler: false) { Timeout = TimeSpan.FromMinutes(5) };

    public override bool UseSDKHttpClientCaching(IClientConfig clientConfig) => false;

    public override bool DisposeHttpClientsAfterUse(IClientConfig clientConfig) => false;
}
