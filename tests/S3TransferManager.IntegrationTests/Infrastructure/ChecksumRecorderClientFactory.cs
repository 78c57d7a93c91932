using Amazon.Runtime;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>Gives the AWS SDK an HttpClient over a <see cref="ChecksumHeaderRecorder"/>.</summary>
internal sealed class ChecksumRecorderClientFactory(ChecksumHeaderRecorder recorder) : HttpClientFactory
{
    public override HttpClient CreateHttpClient(IClientConfig clientConfig) =>
        new(recorder, disposeHandler: false) { Timeout = TimeSpan.FromMinutes(5) };

    public override bool UseSDKHttpClientCaching(IClientConfig clientConfig) => false;

    public override bool DisposeHttpClientsAfterUse(IClientConfig clientConfig) => false;
}
