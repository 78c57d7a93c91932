using Amazon;
using Amazon.Runtime;
using Amazon.Runtime.Credentials;
using Amazon.S3;
using S3TransferManager.Cli.Credentials;

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

    /// <summary>Where a client that must send nothing points: a name that resolves nowhere (.invalid).</summary>
    private const string OfflineServiceUrl = "http://s3tm-offline.invalid";

    public static AmazonS3Client Create(CliSettings settings)
    {
        SdkLoginClients.EnsureRegistered();
        (string profile, bool named) = AwsProfile.Name(settings.Profile);
        string? region = AwsProfile.Region(settings.Region, profile);
        var config = new AmazonS3Config { ForcePathStyle = settings.PathStyle, BufferSize = BufferSize };
        if (settings.Endpoint is { } endpoint)
        {
            if (!Uri.TryCreate(endpoint, UriKind.Absolute, out Uri? uri) || (uri.Scheme != Uri.UriSchemeHttp && uri.Scheme != Uri.UriSchemeHttps))
            {
                throw new UsageException($"--endpoint '{endpoint}' is not an http(s) URL.");
            }

            config.ServiceURL = endpoint;
            config.AuthenticationRegion = region ?? "us-east-1";
            config.ForcePathStyle |= Endpoints.NeedsPathStyle(uri);
        }
        else if (region is not null)
        {
            config.RegionEndpoint = RegionEndpoint.GetBySystemName(region);
        }

        ChecksumSettings.Apply(config, settings, profile);
        AWSCredentials credentials = ResolveCredentials(settings, profile, named, config);
        try
        {
            return new AmazonS3Client(credentials, config);
        }
        catch (AmazonClientException e) when (config.RegionEndpoint is null && settings.Endpoint is null)
        {
            // Nothing configured a region and the SDK found none either (it also asks an EC2 instance's metadata).
            throw new UsageException(
                "no AWS region: give --region, set AWS_REGION (or AWS_DEFAULT_REGION), or add 'region = ...' to the profile in ~/.aws/config.",
                e);
        }
    }

    /// <summary>A client for an endpoint running in this process (serve, demo).</summary>
    public static AmazonS3Client CreateLocal(Uri serviceUrl) => new(
        LocalCredentials,
        new AmazonS3Config { ServiceURL = serviceUrl.ToString(), ForcePathStyle = true, AuthenticationRegion = "us-east-1", BufferSize = BufferSize });

    /// <summary>A client for work that reads only local files (the resume journals): no credentials, no region, and an
    /// endpoint that matches no journal's, so nothing is ever sent through it.</summary>
    public static AmazonS3Client CreateOffline() => new(
        new AnonymousAWSCredentials(),
        new AmazonS3Config { ServiceURL = OfflineServiceUrl, ForcePathStyle = true, AuthenticationRegion = "us-east-1" });

    /// <summary>
    /// The credentials, found in the AWS CLI's order: --profile alone when given; otherwise the environment's keys, the
    /// profile (AWS_PROFILE, AWS_DEFAULT_PROFILE or default), then the SDK's chain for the rest (web identity from the
    /// environment, container credentials, the instance's role).
    /// </summary>
    private static AWSCredentials ResolveCredentials(CliSettings settings, string profile, bool named, AmazonS3Config config)
    {
        if (settings.Profile is not null)
        {
            return ProfileCredentials.Find(profile)
                ?? throw new UsageException($"--profile '{profile}' is not in the AWS credentials or config files, or holds no credentials.");
        }

        if (ProfileCredentials.EnvironmentKeys() is { } keys)
        {
            return keys;
        }

        if (ProfileCredentials.Find(profile) is { } fromProfile)
        {
            return fromProfile;
        }

        if (named)
        {
            throw new UsageException($"AWS_PROFILE names the profile '{profile}', which is not in the AWS credentials or config files, or holds no credentials.");
        }

        return IsLoopback(settings.Endpoint) ? LocalServerCredentials(config) : SdkChain(config);
    }

    /// <summary>The SDK's chain, as the AWS CLI's: environment keys, the profile (keys, assume role, SSO,
    /// credential_process, web identity), web identity from the environment, container credentials, the instance's
    /// role.</summary>
    private static AWSCredentials SdkChain(AmazonS3Config config)
    {
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
    /// Credentials for a server on this machine when neither keys nor a profile gave any: web identity or container
    /// credentials when the environment names them, placeholder keys otherwise (moto and <c>s3tm serve</c> accept any).
    /// Not the SDK's whole chain: its last resort asks the EC2 instance metadata service, a network call that cannot
    /// help a local endpoint (unless AWS_EC2_METADATA_SERVICE_ENDPOINT points it somewhere).
    /// </summary>
    private static AWSCredentials LocalServerCredentials(AmazonS3Config config)
    {
        string[] sources = [
            "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_CONTAINER_CREDENTIALS_FULL_URI", "AWS_EC2_METADATA_SERVICE_ENDPOINT",
        ];
        return sources.Any(name => !string.IsNullOrEmpty(Environment.GetEnvironmentVariable(name))) ? SdkChain(config) : LocalCredentials;
    }

    private static bool IsLoopback(string? endpoint) =>
        endpoint is not null && Uri.TryCreate(endpoint, UriKind.Absolute, out Uri? uri) && uri.IsLoopback;
}
