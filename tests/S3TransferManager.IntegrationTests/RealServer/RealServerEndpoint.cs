namespace S3TransferManager.IntegrationTests.RealServer;

/// <summary>The S3-compatible server <c>eng/servers/run.sh</c> started, as it passes it in the environment
/// (<c>S3TM_REAL_SERVER</c>, <c>S3TM_REAL_SERVER_ENDPOINT</c>, <c>S3TM_REAL_SERVER_ACCESS_KEY</c>,
/// <c>S3TM_REAL_SERVER_SECRET_KEY</c>).</summary>
public sealed record RealServerEndpoint(string Name, Uri ServiceUrl, string AccessKey, string SecretKey)
{
    /// <summary>The server of this run, or <see langword="null"/> when none was started.</summary>
    public static RealServerEndpoint? Current { get; } = FromEnvironment();

    private static RealServerEndpoint? FromEnvironment()
    {
        string? endpoint = Environment.GetEnvironmentVariable("S3TM_REAL_SERVER_ENDPOINT");
        return string.IsNullOrEmpty(endpoint)
            ? null
            : new RealServerEndpoint(
                Environment.GetEnvironmentVariable("S3TM_REAL_SERVER") ?? "unnamed",
                new Uri(endpoint),
                Environment.GetEnvironmentVariable("S3TM_REAL_SERVER_ACCESS_KEY") ?? string.Empty,
                Environment.GetEnvironmentVariable("S3TM_REAL_SERVER_SECRET_KEY") ?? string.Empty);
    }
}
