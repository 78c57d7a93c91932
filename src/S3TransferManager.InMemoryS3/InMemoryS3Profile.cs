namespace S3TransferManager.InMemoryS3;

/// <summary>How the endpoint shapes its traffic.</summary>
public enum InMemoryS3Profile
{
    /// <summary>No added delay: the endpoint answers as fast as loopback and the CPU allow.</summary>
    Raw,

    /// <summary>
    /// A delay before the first byte of every response and a bandwidth cap per connection, so that concurrency
    /// matters the way it does against real S3.
    /// </summary>
    S3Like,
}
