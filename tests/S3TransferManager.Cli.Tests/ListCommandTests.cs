using System.Text.Json;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// <c>s3tm ls</c> prints what <c>aws s3 ls</c> prints, byte for byte, for the same moto bucket: objects the AWS CLI
/// itself uploaded, at one level, with a partial prefix, recursively, with human sizes and the summary.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class ListCommandTests(MotoServer moto) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-ls-").FullName;

    [Fact]
    public async Task Ls_EveryForm_PrintsWhatTheAwsCliPrints()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string tree = Path.Combine(_folder, "backup");
        Directory.CreateDirectory(Path.Combine(tree, "sub", "deeper"));
        (string Path, int Size)[] files = [("f1.txt", 12), ("one", 1), ("empty", 0), ("x2304", 2304), ("sub/f2.bin", 2048), ("sub/deeper/big.bin", 3_500_000)];
        foreach ((string path, int size) in files)
        {
            await File.WriteAllBytesAsync(Path.Combine(tree, path), TestData.Bytes(size));
        }

        await AwsCliAsync("s3", "cp", "--recursive", tree, $"s3://{bucket.Name}/backup/");
        await AwsCliAsync("s3", "cp", Path.Combine(tree, "f1.txt"), $"s3://{bucket.Name}/top.txt");

        string[][] forms =
        [
            [$"s3://{bucket.Name}"],
            [$"s3://{bucket.Name}/backup/"],
            [$"s3://{bucket.Name}/backup"],
            [$"s3://{bucket.Name}/backup/f"],
            ["--recursive", $"s3://{bucket.Name}/backup/"],
            ["--recursive", "--human-readable", "--summarize", $"s3://{bucket.Name}"],
            ["--human-readable", "--summarize", $"s3://{bucket.Name}/backup/"],
        ];
        foreach (string[] form in forms)
        {
            string expected = await AwsCliAsync(["s3", "ls", .. form]);

            CliRun ours = await CliRun.RunAsync(bucket.Args(["ls", .. form]));

            Assert.Equal((0, expected), (ours.ExitCode, ours.StdoutText));
        }
    }

    [Fact]
    public async Task Ls_Json_ListsFullKeysAndPrefixesAsBefore()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await CliRun.RunAsync(new NonSeekableStream(TestData.Bytes(10)), bucket.Args("cp", "-", $"s3://{bucket.Name}/dir/listed.bin"));
        await CliRun.RunAsync(new NonSeekableStream(TestData.Bytes(10)), bucket.Args("cp", "-", $"s3://{bucket.Name}/dir/sub/deeper.bin"));

        CliRun run = await CliRun.RunAsync(bucket.Args("ls", $"s3://{bucket.Name}/dir/", "--json"));

        using JsonDocument json = JsonDocument.Parse(run.Stdout);
        JsonElement[] items = [.. json.RootElement.GetProperty("items").EnumerateArray()];
        Assert.Equal("dir/sub/", items[0].GetProperty("prefix").GetString());
        Assert.Equal(("dir/listed.bin", 10), (items[1].GetProperty("key").GetString(), items[1].GetProperty("size").GetInt32()));
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private Task<string> AwsCliAsync(params string[] args) => AwsCli.SucceedAsync(moto.ServiceUrl.ToString(), args);
}
