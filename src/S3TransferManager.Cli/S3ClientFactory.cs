using Amazon;
using Amazon.Runtime;
using Amazon.Runtime.CredentialManagement;
using Amazon.Runtime.Credentials;
using Amazon.S3;

namespace S3TransferManager.Cli;

/// <summary>Builds the <see cref="IAmazonS3"/> client from the global options and the AWS SDK's own configuration.</summary>
internal static class S3ClientFactory
{
    /// <summary>Local test endpoints (moto, the embedded one) accept any credentials.</summary>
    private static readonly BasicAWSCredentials LocalCredentials = new("s3tm", "s3tm");

    /// <summary>The SDK's copy buffer for request bodies: 64 KiB rather than its 8 KiB, as the library's own clients
    /// (TransferUtility's constructors that make a client): fewer reads, socket writes and allocations per byte
    /// uploaded (benchmarks/results/2026-11-23-uploads-signing-buffer-and-whole-waves.md).</summary>
    private const int BufferSize = 64 * 1024;

    public static AmazonS3Client Create(CliSettings settings)
    {
        var config = new AmazonS3Config { ForcePathStyle = settings.PathStyle, BufferSize = BufferSize };
        if (settings.Endpoint is { } endpoint)
        {
            if (!Uri.TryCreate(endpoint, UriKind.Absolute, out Uri? uri) || (uri.Scheme != Uri.UriSchemeHttp && uri.Scheme != Uri.UriSchemeHttps))
            {
                throw new UsageException($"--endpoint '{endpoint}' is not an http(s) URL.");
            }

            config.ServiceURL = endpoint;
            config.AuthenticationRegion = settings.Region ?? "us-east-1";
        }
        else if (settings.Region is { } region)
        {
            config.RegionEndpoint = RegionEndpoint.GetBySystemName(region);
        }

        return new AmazonS3Client(ResolveCredentials(settings, config), config);
    }

    /// <summary>A client for an endpoint running in this process (serve, demo).</summary>
    public static AmazonS3Client CreateLocal(Uri serviceUrl) => new(
        LocalCredentials,
        new AmazonS3Config { ServiceURL = serviceUrl.ToString(), ForcePathStyle = true, AuthenticationRegion = "us-east-1", BufferSize = BufferSize });

    private static AWSCredentials ResolveCredentials(CliSettings settings, AmazonS3Config config)
    {
        if (settings.Profile is { } profile)
        {
            return new CredentialProfileStoreChain().TryGetAWSCredentials(profile, out AWSCredentials credentials)
                ? credentials
                : throw new UsageException($"--profile '{profile}' is not in the AWS credentials or config files.");
        }

        if (IsLoopback(settings.Endpoint))
        {
            return LocalServerCredentials();
        }

        try
        {
            return DefaultAWSCredentialsIdentityResolver.GetCredentials(config);
        }
        catch (AmazonClientException e)
        {
            // The SDK's message lists every source it tried, one per line (several of them irrelevant to most users):
            // the one line says what to do, and --debug shows the list.
            throw new UsageException(
                "no AWS credentials found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE or --profile NAME for a profile in ~/.aws (--debug shows every source tried).",
                e);
        }
    }

    /// <summary>
    /// Keys for a server on this machine: the environment's or the profile's when the user has them (a local server
    /// may check them), placeholder keys otherwise (moto and <c>s3tm serve</c> accept any). Not the SDK's whole chain:
    /// its last resort asks the EC2 instance metadata service, a network call that cannot help a local endpoint.
    /// </summary>
    private static AWSCredentials LocalServerCredentials()
    {
        string? key = Environment.GetEnvironmentVariable("AWS_ACCESS_KEY_ID");
        string? secret = Environment.GetEnvironmentVariable("AWS_SECRET_ACCESS_KEY");
        if (!string.IsNullOrEmpty(key) && !string.IsNullOrEmpty(secret))
        {
            string? session = Environment.GetEnvironmentVariable("AWS_SESSION_TOKEN");
            return string.IsNullOrEmpty(session) ? new BasicAWSCredentials(key, secret) : new SessionAWSCredentials(key, secret, session);
        }

        string profile = Environment.GetEnvironmentVariable("AWS_PROFILE") is { Length: > 0 } named ? named : "default";
        return new CredentialProfileStoreChain().TryGetAWSCredentials(profile, out AWSCredentials credentials) ? credentials : LocalCredentials;
    }

    private static bool IsLoopback(string? endpoint) =>
        endpoint is not null && Uri.TryCreate(endpoint, UriKind.Absolute, out Uri? uri) && uri.IsLoopback;
}
