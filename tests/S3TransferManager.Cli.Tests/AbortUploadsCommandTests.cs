using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

[Collection(MotoCollection.Name)]
public sealed class AbortUploadsCommandTests(MotoServer moto)
{
    [Fact]
    public async Task AbortUploads_OlderThanZero_LeavesNoOpenUpload()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        await s3.InitiateMultipartUploadAsync(bucket.Name, "left/behind-1.bin");
        await s3.InitiateMultipartUploadAsync(bucket.Name, "left/behind-2.bin");

        CliRun run = await CliRun.RunAsync(bucket.Args("abort-uploads", $"s3://{bucket.Name}", "--older-than", "0s"));

        Assert.Equal(0, run.ExitCode);
        ListMultipartUploadsResponse open = await s3.ListMultipartUploadsAsync(bucket.Name);
        Assert.Empty(open.MultipartUploads ?? []);
    }
}
