namespace S3TransferManager.Cli.Credentials;

/// <summary>What an --endpoint URL says about how to reach it.</summary>
internal static class Endpoints
{
    /// <summary>
    /// A host that cannot carry a bucket name in front of it: <c>localhost</c> (bucket.localhost resolves nowhere) or
    /// an IP address. Requests to it go path-style (http://host/bucket/key), as the AWS CLI and boto3 send them.
    /// </summary>
    public static bool NeedsPathStyle(Uri endpoint) =>
        endpoint.HostNameType is UriHostNameType.IPv4 or UriHostNameType.IPv6
        || string.Equals(endpoint.Host, "localhost", StringComparison.OrdinalIgnoreCase);
}
