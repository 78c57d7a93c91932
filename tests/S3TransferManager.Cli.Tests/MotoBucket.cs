using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

/// <summary>A fresh bucket on the shared moto, and the arguments that point s3tm at it.</summary>
internal sealed class MotoBucket
{
    private MotoBucket(MotoServer moto, string name)
    {
        Endpoint = moto.ServiceUrl.ToString();
        Name = name;
    }

    public string Endpoint { get; }

    public string Name { get; }

    public string[] Options => ["--endpoint", Endpoint, "--path-style"];

    public static async Task<MotoBucket> CreateAsync(MotoServer moto)
    {
        string name = "cli-" + Guid.NewGuid().ToString("N")[..12];
        using AmazonS3Client s3 = Client(moto.ServiceUrl.ToString());
        await s3.PutBucketAsync(new PutBucketRequest { BucketName = name });
        return new MotoBucket(moto, name);
    }

    public string[] Args(params string[] command) => [.. command, .. Options];

    /// <summary>A client of the test's own, to set up and check what s3tm did (moto takes any signed request).</summary>
    public static AmazonS3Client Client(string endpoint) => new(new BasicAWSCredentials("test", "test"),
        new AmazonS3Config { ServiceURL = endpoint, ForcePathStyle = true, AuthenticationRegion = "us-east-1" });
}
