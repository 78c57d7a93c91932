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
        using var s3 = new AmazonS3Client(new BasicAWSCredentials("test", "test"),
            new AmazonS3Config { ServiceURL = moto.ServiceUrl.ToString(), ForcePathStyle = true, AuthenticationRegion = "us-east-1" });
        await s3.PutBucketAsync(new PutBucketRequest { BucketName = name });
        return new MotoBucket(moto, name);
    }

    public string[] Args(params string[] command) => [.. command, .. Options];
}
