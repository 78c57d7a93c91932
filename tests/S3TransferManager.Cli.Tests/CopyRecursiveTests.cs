using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

[Collection(MotoCollection.Name)]
public sealed class CopyRecursiveTests(MotoServer moto) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-tests-").FullName;

    [Fact]
    public async Task CpRecursive_FolderUpThenDown_RoundTripsEveryFileByteExact()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string source = Path.Combine(_folder, "source");
        string target = Path.Combine(_folder, "target");
        Directory.CreateDirectory(Path.Combine(source, "sub", "deeper"));
        string[] files = ["a.txt", "sub/b.bin", "sub/deeper/c.bin"];
        for (int i = 0; i < files.Length; i++)
        {
            await File.WriteAllBytesAsync(Path.Combine(source, files[i]), TestData.Bytes(1000 + (i * 70_000), seed: i));
        }

        CliRun up = await CliRun.RunAsync(bucket.Args("cp", "--recursive", source, $"s3://{bucket.Name}/tree"));
        CliRun down = await CliRun.RunAsync(bucket.Args("cp", "-r", $"s3://{bucket.Name}/tree/", target));

        Assert.Equal((0, 0), (up.ExitCode, down.ExitCode));
        Assert.All(files, file => Assert.Equal(
            TestData.Sha256OfFile(Path.Combine(source, file)), TestData.Sha256OfFile(Path.Combine(target, file))));
    }

    [Fact]
    public async Task CpRecursive_WithStdin_ExitsWithTwo()
    {
        CliRun run = await CliRun.RunAsync("cp", "-r", "-", "s3://bucket/prefix/");

        Assert.Equal(2, run.ExitCode);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
