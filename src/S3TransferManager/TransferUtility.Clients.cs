using Amazon;
using Amazon.S3;

namespace S3TransferManager;

/// <summary>The constructors of <c>Amazon.S3.Transfer.TransferUtility</c> that make their own client. The utility owns
/// that client and disposes it with itself. Credentials and region come from the AWS SDK's usual chain where not given.</summary>
public sealed partial class TransferUtility
{
    /// <summary>Creates a utility over a new <see cref="AmazonS3Client"/> with the default credentials and region.</summary>
    public TransferUtility()
        : this(new AmazonS3Client(), config: null, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client for <paramref name="region"/>.</summary>
    /// <param name="region">The region to send requests to.</param>
    public TransferUtility(RegionEndpoint region)
        : this(new AmazonS3Client(region), config: null, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client with the default credentials and region.</summary>
    /// <param name="config">Settings for every transfer.</param>
    public TransferUtility(TransferUtilityConfig config)
        : this(new AmazonS3Client(), config, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client with these keys.</summary>
    /// <param name="awsAccessKeyId">The access key.</param>
    /// <param name="awsSecretAccessKey">The secret key.</param>
    public TransferUtility(string awsAccessKeyId, string awsSecretAccessKey)
        : this(new AmazonS3Client(awsAccessKeyId, awsSecretAccessKey), config: null, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client with these keys, for <paramref name="region"/>.</summary>
    /// <param name="awsAccessKeyId">The access key.</param>
    /// <param name="awsSecretAccessKey">The secret key.</param>
    /// <param name="region">The region to send requests to.</param>
    public TransferUtility(string awsAccessKeyId, string awsSecretAccessKey, RegionEndpoint region)
        : this(new AmazonS3Client(awsAccessKeyId, awsSecretAccessKey, region), config: null, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client with these keys.</summary>
    /// <param name="awsAccessKeyId">The access key.</param>
    /// <param name="awsSecretAccessKey">The secret key.</param>
    /// <param name="config">Settings for every transfer.</param>
    public TransferUtility(string awsAccessKeyId, string awsSecretAccessKey, TransferUtilityConfig config)
        : this(new AmazonS3Client(awsAccessKeyId, awsSecretAccessKey), config, owned: true)
    {
    }

    /// <summary>Creates a utility over a new client with these keys, for <paramref name="region"/>.</summary>
    /// <param name="awsAccessKeyId">The access key.</param>
    /// <param name="awsSecretAccessKey">The secret key.</param>
    /// <param name="region">The region to send requests to.</param>
    /// <param name="config">Settings for every transfer.</param>
    public TransferUtility(string awsAccessKeyId, string awsSecretAccessKey, RegionEndpoint region, TransferUtilityConfig config)
        : this(new AmazonS3Client(awsAccessKeyId, awsSecretAccessKey, region), config, owned: true)
    {
    }
}
