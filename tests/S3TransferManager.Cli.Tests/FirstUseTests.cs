using System.Text.Json.Nodes;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Cli.Tests.Credentials;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// What a first hour with s3tm runs into, each as the AWS CLI would have it: a localhost or IP endpoint needs no
/// --path-style, <c>resume --list</c> needs no credentials, and each mistake or failure says what happened and what to
/// do (a prefix copied without -r, a destination under a file, a missing prefix listed, a failed copy that kept a
/// hidden file for a resume).
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class FirstUseTests(MotoServer moto) : IDisposable
{
    private const int MiB = 1024 * 1024;
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-first-").FullName;

    private string Journals => Path.Combine(_folder, "journals");

    [Fact]
    public async Task Cp_LocalhostEndpointWithoutPathStyle_GoesPathStyle()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string localhost = $"http://localhost:{moto.ServiceUrl.Port}";
        string file = Path.Combine(_folder, "a.txt");
        await File.WriteAllTextAsync(file, "path-style by itself");

        CliRun up = await CliRun.RunAsync("cp", file, $"s3://{bucket.Name}/a.txt", "--endpoint", localhost);
        CliRun listed = await CliRun.RunAsync("ls", $"s3://{bucket.Name}/", "--endpoint", localhost);

        Assert.True(up.ExitCode == 0, up.Stderr);
        Assert.EndsWith(" a.txt", listed.StdoutText.TrimEnd(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Cp_IpEndpointWithoutPathStyle_GoesPathStyle()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using (AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint))
        {
            await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "b.txt", ContentBody = "by IP", ContentType = "text/plain" });
        }

        CliRun down = await CliRun.RunAsync("cp", $"s3://{bucket.Name}/b.txt", Path.Combine(_folder, "b.txt"), "--endpoint", bucket.Endpoint);

        Assert.True(down.ExitCode == 0, down.Stderr);
        Assert.Equal("by IP", await File.ReadAllTextAsync(Path.Combine(_folder, "b.txt")));
    }

    [Fact]
    public async Task Cp_PrefixWithoutRecursive_SaysToAddRecursive()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await AwsCli.SucceedAsync(bucket.Endpoint, "s3", "cp", await WriteAsync("x.txt", "x"), $"s3://{bucket.Name}/photos/x.txt");

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/photos", Path.Combine(_folder, "out")));

        Assert.Equal(1, run.ExitCode);
        Assert.Equal($"s3tm: error: s3://{bucket.Name}/photos is not an object but a prefix with objects under it: add -r (--recursive) to copy them.", run.Stderr.TrimEnd());
    }

    [Fact]
    public async Task Cp_DestinationUnderAFile_IsAUsageErrorNamingTheFile()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string file = await WriteAsync("afile", "not a folder");

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/k", Path.Combine(file, "x")));

        Assert.Equal(2, run.ExitCode);
        Assert.Equal($"s3tm: '{file}' is a file, so '{Path.Combine(file, "x")}' cannot be written inside it: give a path whose folders are folders.", run.Stderr.TrimEnd());
    }

    [Fact]
    public async Task Ls_MissingPrefix_ExitsOneAsTheAwsCliDoes()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await AwsCli.SucceedAsync(bucket.Endpoint, "s3", "cp", await WriteAsync("y.txt", "y"), $"s3://{bucket.Name}/there/y.txt");

        (int awsMissing, _, _) = await AwsCli.RunAsync(bucket.Endpoint, "s3", "ls", $"s3://{bucket.Name}/nothing-here/");
        (int awsEmptyBucket, _, _) = await AwsCli.RunAsync(bucket.Endpoint, "s3", "ls", $"s3://{(await MotoBucket.CreateAsync(moto)).Name}");
        CliRun missing = await CliRun.RunAsync(bucket.Args("ls", $"s3://{bucket.Name}/nothing-here/"));
        CliRun present = await CliRun.RunAsync(bucket.Args("ls", $"s3://{bucket.Name}/there/"));
        CliRun emptyBucket = await CliRun.RunAsync(bucket.Args("ls", $"s3://{(await MotoBucket.CreateAsync(moto)).Name}"));

        Assert.Equal((1, 0), (awsMissing, awsEmptyBucket));
        Assert.Equal((awsMissing, 0, awsEmptyBucket), (missing.ExitCode, present.ExitCode, emptyBucket.ExitCode));
        Assert.Empty(missing.StdoutText);
    }

    [Fact]
    public async Task Cp_DownloadFailingMidway_SaysWhereTheKeptFileIsHowBigAndHowToResumeOrDiscard()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using (AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint))
        {
            await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket.Name, Key = "big.bin", InputStream = new MemoryStream(TestData.Bytes(20 * MiB)), ContentType = "application/octet-stream" });
        }

        string destination = Path.Combine(_folder, "big.bin");
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        // The first answer breaks off after 10 MiB and every later GET is reset: a failure a later run may not meet, so
        // what arrived is kept. The first answer (the whole object, to a GET of part 1 by number) is read on in one
        // request or cut into ranged parts depending on how fast it came, so how many whole parts are kept is read from the
        // journal rather than assumed.
        proxy.Plan.Nth(S3Operation.GetObject, 1, new CloseAfterBytes(10 * MiB));
        proxy.Plan.From(S3Operation.GetObject, 2, new ProxyFault.ResetConnection());

        CliRun failed = await CliRun.RunAsync("cp", $"s3://{bucket.Name}/big.bin", destination, "--part-size", "5MiB", "--concurrency", "1",
            "--journal-folder", Journals, "--endpoint", proxy.Url.ToString());
        proxy.Plan.Clear();
        JsonNode kept = JsonNode.Parse((await CliRun.RunAsync("resume", "--list", "--json", "--journal-folder", Journals)).StdoutText)!["transfers"]![0]!;
        string id = (string)kept["id"]!;
        long keptBytes = (long)kept["completedBytes"]!;

        Assert.Equal(1, failed.ExitCode);
        string[] lines = failed.Stderr.TrimEnd().Split('\n');
        Assert.StartsWith("s3tm: error: ", lines[^3], StringComparison.Ordinal);
        Assert.InRange(keptBytes, 5 * MiB, 15 * MiB);
        Assert.Equal(0, keptBytes % (5 * MiB));
        Assert.Equal($"s3tm: kept for a resume: {keptBytes / MiB}.0 MiB of 20.0 MiB fetched, in the hidden file {Path.Combine(_folder, ".big.bin.resume.s3tmp")}.", lines[^2]);
        Assert.Equal($"s3tm: run the same command to resume; 's3tm resume --discard {id}' deletes the file instead.", lines[^1]);
        Assert.True(File.Exists(Path.Combine(_folder, ".big.bin.resume.s3tmp")));
    }

    [Fact]
    public async Task ResumeList_NoCredentialsNoRegion_ListsWhatTheJournalsHold()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string file = await WriteAsync("f.bin", "");
        await File.WriteAllBytesAsync(file, TestData.Bytes(20 * MiB));
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        proxy.Plan.From(S3Operation.UploadPart, 3, new ProxyFault.ResetConnection());
        CliRun failed = await CliRun.RunAsync("cp", file, $"s3://{bucket.Name}/k", "--part-size", "5MiB", "--concurrency", "1",
            "--journal-folder", Journals, "--endpoint", proxy.Url.ToString());
        using var home = new AwsHome();

        CliRun listed = await CliProcess.RunAsync(home.Environment(), "resume", "--list", "--journal-folder", Journals);

        Assert.Equal(1, failed.ExitCode);
        Assert.Contains("multipart upload", failed.Stderr, StringComparison.Ordinal);
        Assert.Equal(0, listed.ExitCode);
        Assert.Contains($" upload {file} to s3://{bucket.Name}/k, 10.0 MiB of 20.0 MiB done", listed.StdoutText, StringComparison.Ordinal);
        Assert.EndsWith("1 resumable copy(ies)", listed.StdoutText.TrimEnd(), StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private async Task<string> WriteAsync(string name, string text)
    {
        string path = Path.Combine(_folder, name);
        await File.WriteAllTextAsync(path, text);
        return path;
    }
}
