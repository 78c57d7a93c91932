using System.Text.Json;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

[Collection(MotoCollection.Name)]
public sealed class CopyCommandTests(MotoServer moto) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-tests-").FullName;

    [Fact]
    public async Task Cp_FileUpThenDown_RoundTripsByteExact()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Bytes(17 * 1024 * 1024 + 123);
        string source = Path.Combine(_folder, "source.bin");
        string target = Path.Combine(_folder, "target.bin");
        await File.WriteAllBytesAsync(source, content);

        // CRC32: moto stores a wrong full-object CRC32C for multipart objects (plain CRC32 without its optional
        // library), and the download validates against what is stored.
        CliRun up = await CliRun.RunAsync(bucket.Args("cp", source, $"s3://{bucket.Name}/file.bin", "--part-size", "5MiB", "--checksum", "CRC32", "--json"));
        CliRun down = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/file.bin", target, "--part-size", "5MiB"));

        Assert.Equal((0, 0), (up.ExitCode, down.ExitCode));
        Assert.Contains("\"partCount\":4", up.StdoutText, StringComparison.Ordinal);
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(target));
    }

    [Fact]
    public async Task Cp_Download_SaysWhichStoredChecksumItVerified()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string source = Path.Combine(_folder, "checked.bin");
        await File.WriteAllBytesAsync(source, TestData.Bytes(6 * 1024 * 1024 + 5, seed: 9));
        await CliRun.RunAsync(bucket.Args("cp", source, $"s3://{bucket.Name}/checked.bin", "--part-size", "5MiB", "--checksum", "CRC32"));

        CliRun human = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/checked.bin", Path.Combine(_folder, "a.bin"), "--part-size", "5MiB"));
        CliRun json = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/checked.bin", Path.Combine(_folder, "b.bin"), "--part-size", "5MiB", "--json"));

        Assert.Contains("CRC32 FULL_OBJECT checksum verified", human.StdoutText, StringComparison.Ordinal);
        using JsonDocument result = JsonDocument.Parse(json.Stdout);
        Assert.True(result.RootElement.GetProperty("checksumValidated").GetBoolean());
        Assert.Equal("CRC32", result.RootElement.GetProperty("checksumAlgorithm").GetString());
    }

    [Fact]
    public async Task Cp_DownloadOfACompositeMotoSendsBare_SaysTheTypeWasInferred()
    {
        // The AWS SDK's own TransferUtility with SHA256 stores a composite over its 8 MiB parts; moto's HEAD sends it
        // without "-3" or a type, and the download's 8 MiB parts line up with the uploader's.
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string source = Path.Combine(_folder, "sdk.bin");
        await File.WriteAllBytesAsync(source, TestData.Bytes((17 * 1024 * 1024) + 1, seed: 11));
        using (var s3 = new Amazon.S3.AmazonS3Client(new Amazon.Runtime.BasicAWSCredentials("test", "test"),
            new Amazon.S3.AmazonS3Config { ServiceURL = bucket.Endpoint, ForcePathStyle = true, AuthenticationRegion = "us-east-1" }))
        using (var sdk = new Amazon.S3.Transfer.TransferUtility(s3))
        {
            await sdk.UploadAsync(new Amazon.S3.Transfer.TransferUtilityUploadRequest
            {
                BucketName = bucket.Name, Key = "sdk.bin", FilePath = source, ChecksumAlgorithm = Amazon.S3.ChecksumAlgorithm.SHA256,
            });
        }

        CliRun human = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/sdk.bin", Path.Combine(_folder, "a.bin")));
        CliRun json = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/sdk.bin", Path.Combine(_folder, "b.bin"), "--json"));

        Assert.Contains("SHA256 COMPOSITE checksum verified (type inferred)", human.StdoutText, StringComparison.Ordinal);
        using JsonDocument result = JsonDocument.Parse(json.Stdout);
        Assert.True(result.RootElement.GetProperty("checksumInferred").GetBoolean());
        Assert.Equal(TestData.Sha256OfFile(source), TestData.Sha256OfFile(Path.Combine(_folder, "a.bin")));
    }

    [Fact]
    public async Task Cp_StdinUpThenStdoutDown_RoundTripsByteExact()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Bytes(17 * 1024 * 1024 + 4567, seed: 7);

        CliRun up = await CliRun.RunAsync(new NonSeekableStream(content), bucket.Args("cp", "-", $"s3://{bucket.Name}/piped.bin", "--part-size", "5MiB"));
        CliRun down = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/piped.bin", "-"));

        Assert.Equal((0, 0), (up.ExitCode, down.ExitCode));
        Assert.Equal(TestData.Sha256(content), TestData.Sha256(down.Stdout));
    }

    [Fact]
    public async Task Cat_Object_WritesExactBytesToStdout()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Bytes(300_000, seed: 3);
        await CliRun.RunAsync(new NonSeekableStream(content), bucket.Args("cp", "-", $"s3://{bucket.Name}/cat.bin"));

        CliRun cat = await CliRun.RunAsync(bucket.Args("cat", $"s3://{bucket.Name}/cat.bin"));

        Assert.Equal(0, cat.ExitCode);
        Assert.Equal(content, cat.Stdout);
    }

    [Fact]
    public async Task Cp_MissingObject_ExitsWithOneAndSaysNotFound()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/missing.bin", Path.Combine(_folder, "x.bin")));

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("not found", run.Stderr, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task Cp_Json_WritesOneParsableResult()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string source = Path.Combine(_folder, "small.bin");
        await File.WriteAllBytesAsync(source, TestData.Bytes(1000));

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", source, $"s3://{bucket.Name}/small.bin", "--json"));

        Assert.Equal(0, run.ExitCode);
        using JsonDocument json = JsonDocument.Parse(run.Stdout);
        Assert.Equal((1000L, "upload"), (json.RootElement.GetProperty("bytes").GetInt64(), json.RootElement.GetProperty("direction").GetString()));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
