using Amazon;
using Amazon.S3;

namespace S3TransferManager;

/// <summary>The constructors of <c>Amazon.S3.Transfer.TransferUtility</c> that make their own client. The utility owns
/// that client and disposes it with itself. Credentials and region come from the AWS SDK's usual chain where not given.
/// The client's <see cref="Amazon.Runtime.ClientConfig.BufferSize"/> is 64 KiB rather than the SDK's 8 KiB (see
/// <see cref="OwnClientConfig"/>); pass your own client to choose otherwise.</summary>
public sealed partial class TransferUtility
{
    /// <summary>Creates a utility over a new <see cref="AmazonS3Client"/> with the default credentials and region.</summary>
    public TransferUtility()
        : this(new AmazonS3Client(OwnClientConfig()), config: null, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client for <paramref name="region"/>.</summary>
    /// <param name="region">The region to send requests to.</param>
    public TransferUtility(RegionEndpoint region)
        : this(new AmazonS3Client(OwnClientConfig(region)), config: null, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client with the default credentials and region.</summary>
    /// <param name="config">Settings for every transfer.</param>
    public TransferUtility(TransferUtilityConfig config)
        : this(new AmazonS3Client(OwnClientConfig()), config, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client with these keys.</summary>
    /// <param name="awsAccessKeyId">The access key.</param>
    /// <param name="awsSecretAccessKey">The secret key.</param>
    public TransferUtility(string awsAccessKeyId, string awsSecretAccessKey)
        : this(new AmazonS3Client(awsAccessKeyId, awsSecretAccessKey, OwnClientConfig()), config: null, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client with these keys, for <paramref name="region"/>.</summary>
    /// <param name="awsAccessKeyId">The access key.</param>
    /// <param name="awsSecretAccessKey">The secret key.</param>
    /// <param name="region">The region to send requests to.</param>
    public TransferUtility(string awsAccessKeyId, string awsSecretAccessKey, RegionEndpoint region)
        : this(new AmazonS3Client(awsAccessKeyId, awsSecretAccessKey, OwnClientConfig(region)), config: null, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client with these keys.</summary>
    /// <param name="awsAccessKeyId">The access key.</param>
    /// <param name="awsSecretAccessKey">The secret key.</param>
    /// <param name="config">Settings for every transfer.</param>
    public TransferUtility(string awsAccessKeyId, string awsSecretAccessKey, TransferUtilityConfig config)
        : this(new AmazonS3Client(awsAccessKeyId, awsSecretAccessKey, OwnClientConfig()), config, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client with these keys, for <paramref name="region"/>.</summary>
    /// <param name="awsAccessKeyId">The access key.</param>
    /// <param name="awsSecretAccessKey">The secret key.</param>
    /// <param name="region">The region to send requests to.</param>
    /// <param name="config">Settings for every transfer.</param>
    public TransferUtility(string awsAccessKeyId, string awsSecretAccessKey, RegionEndpoint region, TransferUtilityConfig config)
        : this(new AmazonS3Client(awsAccessKeyId, awsSecretAccessKey, OwnClientConfig(region)), config, owned: true)
    {
    }

    /// <summary>The settings of a client the utility makes: the SDK's defaults, except the buffer the SDK copies each
    /// request body to the connection through, 64 KiB rather than 8 KiB: fewer reads and socket writes per byte, and
    /// fewer allocations per read (on a 256 MiB upload from a file, 2.4 MB rather than 6.3 MB, benchmarks/results/2026-11-23-uploads-signing-buffer-and-whole-waves.md);
    /// the buffer comes from the shared array pool, and 64 KiB stays below the large object heap threshold.</summary>
    private static AmazonS3Config OwnClientConfig(RegionEndpoint? region = null)
    {
        var config = new AmazonS3Config { BufferSize = OwnClientBufferSize };
        if (region is not null)
        {
            config.RegionEndpoint = region;
        }

        return config;
    }

    /// <summary>The <see cref="Amazon.Runtime.ClientConfig.BufferSize"/> of a client the utility makes.</summary>
    internal const int OwnClientBufferSize = 64 * 1024;
}
