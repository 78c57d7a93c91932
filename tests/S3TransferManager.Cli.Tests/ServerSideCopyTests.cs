using System.Text.Json;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// cp between two s3:// addresses copies on the server. The proof that no byte passes through s3tm: the copies run under
/// --bwlimit 1K, at which a download and upload of the same objects would need hours, far beyond a run's 60 s limit.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class ServerSideCopyTests(MotoServer moto)
{
    [Fact]
    public async Task Cp_ObjectToAnotherBucketsFolder_ServerSideByteExactUnderATinyBandwidthCap()
    {
        MotoBucket source = await MotoBucket.CreateAsync(moto);
        MotoBucket target = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Bytes(3_000_000, seed: 3);
        using AmazonS3Client s3 = MotoBucket.Client(source.Endpoint);
        await s3.PutObjectAsync(new PutObjectRequest { BucketName = source.Name, Key = "in/data.bin", InputStream = new MemoryStream(content) });

        CliRun run = await CliRun.RunAsync(source.Args("cp", $"s3://{source.Name}/in/data.bin", $"s3://{target.Name}/out/", "--bwlimit", "1K", "--json"));

        Assert.True(run.ExitCode == 0, run.Stderr);
        using JsonDocument json = JsonDocument.Parse(run.Stdout);
        Assert.Equal(("copy", $"s3://{target.Name}/out/data.bin", 3_000_000L),
            (json.RootElement.GetProperty("direction").GetString(), json.RootElement.GetProperty("destination").GetString(),
                json.RootElement.GetProperty("bytes").GetInt64()));
        Assert.Equal(TestData.Sha256(content), await Sha256Async(s3, target.Name, "out/data.bin"));
    }

    [Fact]
    public async Task Cp_ObjectAboveTheMultipartThreshold_CopiedInPartsAndSaysSo()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Bytes(17 * 1024 * 1024, seed: 4);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "big.bin", InputStream = new MemoryStream(content) });

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/big.bin", $"s3://{bucket.Name}/copy/big.bin",
            "--part-size", "8MiB", "--bwlimit", "1K"));

        Assert.True(run.ExitCode == 0, run.Stderr);
        Assert.Contains("copy: ", run.StdoutText, StringComparison.Ordinal);
        Assert.Contains("server-side in 3 parts", run.StdoutText, StringComparison.Ordinal);
        Assert.Equal(TestData.Sha256(content), await Sha256Async(s3, bucket.Name, "copy/big.bin"));
        Assert.Empty((await s3.ListMultipartUploadsAsync(bucket.Name)).MultipartUploads ?? []);
    }

    [Fact]
    public async Task CpRecursive_PrefixToAnotherBucketsPrefix_EveryObjectUnderTheNewPrefixOnly()
    {
        MotoBucket source = await MotoBucket.CreateAsync(moto);
        MotoBucket target = await MotoBucket.CreateAsync(moto);
        using AmazonS3Client s3 = MotoBucket.Client(source.Endpoint);
        string[] keys = ["tree/a.txt", "tree/sub/b.bin", "tree/sub/deeper/c.bin"];
        for (int i = 0; i < keys.Length; i++)
        {
            await s3.PutObjectAsync(new PutObjectRequest { BucketName = source.Name, Key = keys[i], InputStream = new MemoryStream(TestData.Bytes(1000 + (i * 50_000), seed: i)) });
        }

        await s3.PutObjectAsync(new PutObjectRequest { BucketName = source.Name, Key = "tree2/outside.txt", ContentBody = "not under tree/" });

        CliRun run = await CliRun.RunAsync(source.Args("cp", "-r", $"s3://{source.Name}/tree", $"s3://{target.Name}/copied", "--bwlimit", "1K", "--json"));

        Assert.True(run.ExitCode == 0, run.Stderr);
        using JsonDocument json = JsonDocument.Parse(run.Stdout);
        Assert.Equal(3, json.RootElement.GetProperty("objects").GetInt64());
        ListObjectsV2Response listed = await s3.ListObjectsV2Async(new ListObjectsV2Request { BucketName = target.Name });
        Assert.Equal(["copied/a.txt", "copied/sub/b.bin", "copied/sub/deeper/c.bin"], listed.S3Objects.Select(o => o.Key).Order(StringComparer.Ordinal));
        for (int i = 0; i < keys.Length; i++)
        {
            Assert.Equal(TestData.Sha256(TestData.Bytes(1000 + (i * 50_000), seed: i)), await Sha256Async(s3, target.Name, "copied/" + keys[i]["tree/".Length..]));
        }
    }

    [Fact]
    public async Task CpRecursive_DestinationInsideTheSourcePrefix_ExitsWithTwoBeforeAnyCopy()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "p/a.txt", ContentBody = "a" });

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", "-r", $"s3://{bucket.Name}/p", $"s3://{bucket.Name}/p/inner"));

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("lies within SourcePrefix", run.Stderr, StringComparison.Ordinal);
        Assert.Single((await s3.ListObjectsV2Async(new ListObjectsV2Request { BucketName = bucket.Name })).S3Objects);
    }

    /// <summary>The object's bytes, unchecked by the SDK: moto stores a copy's CRC64NVME as the source's CRC32 (so the AWS
    /// CLI's copies fail the SDK's check as well); the SHA-256 is the check here.</summary>
    private static async Task<string> Sha256Async(AmazonS3Client s3, string bucket, string key)
    {
        using var reader = new AmazonS3Client(new Amazon.Runtime.BasicAWSCredentials("test", "test"), new AmazonS3Config
        {
            ServiceURL = s3.Config.ServiceURL, ForcePathStyle = true, AuthenticationRegion = "us-east-1",
            ResponseChecksumValidation = Amazon.Runtime.ResponseChecksumValidation.WHEN_REQUIRED,
        });
        using GetObjectResponse response = await reader.GetObjectAsync(bucket, key);
        using var copy = new MemoryStream();
        await response.ResponseStream.CopyToAsync(copy);
        return TestData.Sha256(copy.ToArray());
    }
}
