using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

[Collection(MotoCollection.Name)]
public sealed class CancelUploadTests(MotoServer moto)
{
    [Fact]
    public async Task Cp_StdinCancelledMidUpload_Exits130AndLeavesNoOpenUpload()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        // Stdin hands out 20 MiB, past the 16 MiB at which a stream of unknown length goes multipart, then stalls: the
        // multipart upload is open when Ctrl+C comes (checked by hand: ListMultipartUploads shows it at that point).
        var stdin = new GatedStream(TestData.Bytes(40 * 1024 * 1024), freeBytes: 20 * 1024 * 1024, maxReadSize: 65536);
        using var ctrlC = new CancellationTokenSource();

        Task<CliRun> running = CliRun.RunAsync(stdin, ctrlC.Token, bucket.Args("cp", "-", $"s3://{bucket.Name}/cancelled.bin", "--part-size", "5MiB"));
        await stdin.Waiting.WaitAsync(TimeSpan.FromSeconds(30));
        await ctrlC.CancelAsync();
        CliRun run = await running;

        Assert.Equal(130, run.ExitCode);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        ListMultipartUploadsResponse open = await s3.ListMultipartUploadsAsync(bucket.Name);
        Assert.Empty(open.MultipartUploads ?? []);
    }
}
