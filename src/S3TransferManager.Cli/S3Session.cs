using Amazon.S3;

namespace S3TransferManager.Cli;

/// <summary>
/// A command's client, the utility over it, and the utility's calls beside its transfers (<see cref="Calls"/>:
/// listings, deletes, bucket calls), so every S3 request the command sends goes through the library's one request
/// path and shares one budget: bounded, retried when it stalls, cancelled by Ctrl+C. Disposing it disposes all three.
/// </summary>
internal sealed class S3Session : IDisposable
{
    private readonly AmazonS3Client _client;

    private S3Session(AmazonS3Client client, TransferUtilityConfig config)
    {
        _client = client;
        Utility = new TransferUtility(client, config);
        Calls = Utility.OpenCalls();
    }

    public TransferUtility Utility { get; }

    public UtilityCalls Calls { get; }

    /// <summary>A client from the global options, and a utility with their settings.</summary>
    public static S3Session Open(CliSettings settings) => Open(S3ClientFactory.Create(settings), settings.TransferConfig());

    /// <summary>A session over <paramref name="client"/>, which it then owns.</summary>
    public static S3Session Open(AmazonS3Client client, TransferUtilityConfig config)
    {
        try
        {
            return new S3Session(client, config);
        }
        catch
        {
            client.Dispose();
            throw;
        }
    }

    public void Dispose()
    {
        Calls.Dispose();
        Utility.Dispose();
        _client.Dispose();
    }
}
