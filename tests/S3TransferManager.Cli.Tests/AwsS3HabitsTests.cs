using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// The aws s3 options and commands s3tm takes with the AWS CLI's names and meanings, each checked against moto and,
/// where the AWS CLI can do the same, against what it did: filters, --dryrun, the objects' storage class, content
/// type, metadata, encryption and ACL, --no-progress, --only-show-errors, rm --recursive, mv, rb --force, presign.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class AwsS3HabitsTests(MotoServer moto) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-habits-").FullName;

    [Fact]
    public async Task CpRecursive_IncludeAndExclude_CopiesWhatTheAwsCliCopies()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string tree = Tree();
        string[] filters = ["--exclude", "*", "--include", "*.txt", "--exclude", "sub/skip*"];

        await AwsCli.SucceedAsync(bucket.Endpoint, ["s3", "cp", "--recursive", tree, $"s3://{bucket.Name}/aws/", .. filters]);
        CliRun run = await CliRun.RunAsync(bucket.Args(["cp", "-r", tree, $"s3://{bucket.Name}/s3tm", .. filters]));

        Assert.Equal(0, run.ExitCode);
        Assert.Equal(await KeysAsync(bucket, "aws/"), await KeysAsync(bucket, "s3tm/"));
        Assert.Equal(["a.txt", "sub/c.txt"], await KeysAsync(bucket, "s3tm/"));
        Assert.Equal(
            [$"upload: {Path.Combine(tree, "a.txt")} to s3://{bucket.Name}/s3tm/a.txt", $"upload: {Path.Combine(tree, "sub", "c.txt")} to s3://{bucket.Name}/s3tm/sub/c.txt"],
            run.StdoutText.TrimEnd().Split('\n').Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task CpRecursive_DryRun_PrintsEachUploadAndCopiesNothing()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string tree = Tree();

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", "-r", tree, $"s3://{bucket.Name}/p", "--dryrun", "--exclude", "*.log"));

        Assert.Equal(0, run.ExitCode);
        Assert.Equal(
            [
                $"(dryrun) upload: {Path.Combine(tree, "a.txt")} to s3://{bucket.Name}/p/a.txt",
                $"(dryrun) upload: {Path.Combine(tree, "sub", "c.txt")} to s3://{bucket.Name}/p/sub/c.txt",
                $"(dryrun) upload: {Path.Combine(tree, "sub", "skip.txt")} to s3://{bucket.Name}/p/sub/skip.txt",
            ],
            run.StdoutText.TrimEnd().Split('\n'));
        Assert.Empty(await KeysAsync(bucket, ""));
    }

    [Fact]
    public async Task Cp_OneFileExcluded_CopiesNothingAndSucceeds()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", Path.Combine(Tree(), "b.log"), $"s3://{bucket.Name}/", "--exclude", "*.log"));

        Assert.Equal(0, run.ExitCode);
        Assert.Empty(await KeysAsync(bucket, ""));
    }

    [Fact]
    public async Task Cp_ObjectSettings_StoredAsTheAwsCliStoresThem()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string file = Path.Combine(Tree(), "a.txt");
        string[] settings = ["--content-type", "text/x-s3tm", "--metadata", "team=storage,tier=gold", "--storage-class", "STANDARD_IA", "--sse", "AES256"];

        await AwsCli.SucceedAsync(bucket.Endpoint, ["s3", "cp", file, $"s3://{bucket.Name}/aws.txt", .. settings]);
        CliRun run = await CliRun.RunAsync(bucket.Args(["cp", file, $"s3://{bucket.Name}/s3tm.txt", .. settings]));

        Assert.Equal(0, run.ExitCode);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        GetObjectMetadataResponse aws = await s3.GetObjectMetadataAsync(bucket.Name, "aws.txt");
        GetObjectMetadataResponse ours = await s3.GetObjectMetadataAsync(bucket.Name, "s3tm.txt");
        Assert.Equal(("text/x-s3tm", "gold", "storage"), (ours.Headers.ContentType, ours.Metadata["x-amz-meta-tier"], ours.Metadata["x-amz-meta-team"]));
        Assert.Equal((S3StorageClass.StandardInfrequentAccess, ServerSideEncryptionMethod.AES256), (ours.StorageClass, ours.ServerSideEncryptionMethod));
        Assert.Equal(
            (aws.Headers.ContentType, aws.Metadata["x-amz-meta-tier"], aws.Metadata["x-amz-meta-team"], aws.StorageClass, aws.ServerSideEncryptionMethod),
            (ours.Headers.ContentType, ours.Metadata["x-amz-meta-tier"], ours.Metadata["x-amz-meta-team"], ours.StorageClass, ours.ServerSideEncryptionMethod));
    }

    [Fact]
    public async Task Cp_SseKmsWithKeyId_StoresBoth()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", Path.Combine(Tree(), "a.txt"), $"s3://{bucket.Name}/k.txt", "--sse", "aws:kms", "--sse-kms-key-id", "alias/s3tm-test"));

        Assert.Equal(0, run.ExitCode);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        GetObjectMetadataResponse head = await s3.GetObjectMetadataAsync(bucket.Name, "k.txt");
        Assert.Equal(ServerSideEncryptionMethod.AWSKMS, head.ServerSideEncryptionMethod);
        Assert.Contains("alias/s3tm-test", head.ServerSideEncryptionKeyManagementServiceKeyId, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Cp_AclPublicRead_GrantsEveryoneRead()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", Path.Combine(Tree(), "a.txt"), $"s3://{bucket.Name}/public.txt", "--acl", "public-read"));

        Assert.Equal(0, run.ExitCode);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        GetObjectAclResponse acl = await s3.GetObjectAclAsync(new GetObjectAclRequest { BucketName = bucket.Name, Key = "public.txt" });
        Assert.Contains(acl.Grants ?? [], g => g.Grantee.URI == "http://acs.amazonaws.com/groups/global/AllUsers" && g.Permission == S3Permission.READ);
    }

    [Fact]
    public async Task CpCopyWithinS3_ContentType_ReplacesTheSourcesHeaders()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await AwsCli.SucceedAsync(bucket.Endpoint, "s3", "cp", Path.Combine(Tree(), "a.txt"), $"s3://{bucket.Name}/src.txt", "--metadata", "old=1");

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", $"s3://{bucket.Name}/src.txt", $"s3://{bucket.Name}/dst.txt", "--content-type", "text/csv", "--metadata", "new=2"));

        Assert.Equal(0, run.ExitCode);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        GetObjectMetadataResponse head = await s3.GetObjectMetadataAsync(bucket.Name, "dst.txt");
        Assert.Equal(("text/csv", "2"), (head.Headers.ContentType, head.Metadata["x-amz-meta-new"]));
        Assert.DoesNotContain("x-amz-meta-old", head.Metadata.Keys);
    }

    [Fact]
    public async Task Cp_NoProgress_KeepsTheResultLineAndDrawsNoProgress()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", Path.Combine(Tree(), "a.txt"), $"s3://{bucket.Name}/a.txt", "--no-progress"));

        Assert.Equal(0, run.ExitCode);
        Assert.StartsWith($"upload: {Path.Combine(_folder, "tree", "a.txt")} to s3://{bucket.Name}/a.txt, ", run.StdoutText, StringComparison.Ordinal);
        Assert.Empty(run.Stderr);
    }

    [Fact]
    public async Task Cp_OnlyShowErrors_PrintsNothingWhenAllIsWell()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);

        CliRun run = await CliRun.RunAsync(bucket.Args("cp", "-r", Tree(), $"s3://{bucket.Name}/p", "--exclude", "*.log", "--only-show-errors"));

        Assert.Equal(0, run.ExitCode);
        Assert.Equal((string.Empty, string.Empty), (run.StdoutText, run.Stderr));
        Assert.Equal(3, (await KeysAsync(bucket, "p/")).Length);
    }

    [Fact]
    public async Task RmRecursive_WithExclude_DeletesWhatTheAwsCliDeletesWithTheSameLines()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string tree = Tree();
        await AwsCli.SucceedAsync(bucket.Endpoint, "s3", "cp", "--recursive", tree, $"s3://{bucket.Name}/aws/");
        await AwsCli.SucceedAsync(bucket.Endpoint, "s3", "cp", "--recursive", tree, $"s3://{bucket.Name}/s3tm/");

        string awsLines = await AwsCli.SucceedAsync(bucket.Endpoint, "s3", "rm", "--recursive", $"s3://{bucket.Name}/aws", "--exclude", "sub/*");
        CliRun run = await CliRun.RunAsync(bucket.Args("rm", "--recursive", $"s3://{bucket.Name}/s3tm", "--exclude", "sub/*"));

        Assert.Equal(0, run.ExitCode);
        Assert.Equal(
            awsLines.Replace("/aws/", "/s3tm/", StringComparison.Ordinal).TrimEnd().Split('\n').Order(StringComparer.Ordinal),
            run.StdoutText.TrimEnd().Split('\n').Order(StringComparer.Ordinal));
        Assert.Equal(await KeysAsync(bucket, "aws/"), await KeysAsync(bucket, "s3tm/"));
        Assert.Equal(["sub/c.txt", "sub/skip.txt"], await KeysAsync(bucket, "s3tm/"));
    }

    [Fact]
    public async Task Mv_FileToS3_UploadsThenDeletesTheFile()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string file = Path.Combine(Tree(), "a.txt");

        CliRun run = await CliRun.RunAsync(bucket.Args("mv", file, $"s3://{bucket.Name}/moved/"));

        Assert.Equal(0, run.ExitCode);
        Assert.StartsWith($"move: {file} to s3://{bucket.Name}/moved/a.txt", run.StdoutText, StringComparison.Ordinal);
        Assert.False(File.Exists(file));
        Assert.Equal(["a.txt"], await KeysAsync(bucket, "moved/"));
    }

    [Fact]
    public async Task MvRecursive_PrefixToFolder_DownloadsEachObjectThenDeletesIt()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await AwsCli.SucceedAsync(bucket.Endpoint, "s3", "cp", "--recursive", Tree(), $"s3://{bucket.Name}/in/");
        string target = Path.Combine(_folder, "out");

        CliRun run = await CliRun.RunAsync(bucket.Args("mv", "-r", $"s3://{bucket.Name}/in", target, "--exclude", "*.log"));

        Assert.Equal(0, run.ExitCode);
        Assert.Equal(["b.log"], await KeysAsync(bucket, "in/"));
        Assert.Equal("c", (await File.ReadAllTextAsync(Path.Combine(target, "sub", "c.txt"))).Trim());
        Assert.Equal(3, run.StdoutText.TrimEnd().Split('\n').Count(line => line.StartsWith("move: s3://", StringComparison.Ordinal)));
    }

    [Fact]
    public async Task Rb_NotEmptyWithoutForce_FailsAndSaysForce()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await AwsCli.SucceedAsync(bucket.Endpoint, "s3", "cp", Path.Combine(Tree(), "a.txt"), $"s3://{bucket.Name}/a.txt");

        CliRun run = await CliRun.RunAsync(bucket.Args("rb", $"s3://{bucket.Name}"));

        Assert.Equal(1, run.ExitCode);
        Assert.EndsWith("add --force to delete its objects first.", run.Stderr.TrimEnd(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Rb_Force_DeletesTheObjectsThenTheBucketWithTheAwsCliLines()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await AwsCli.SucceedAsync(bucket.Endpoint, "s3", "cp", "--recursive", Tree(), $"s3://{bucket.Name}/");

        CliRun run = await CliRun.RunAsync(bucket.Args("rb", $"s3://{bucket.Name}", "--force"));

        Assert.Equal(0, run.ExitCode);
        string[] lines = run.StdoutText.TrimEnd().Split('\n');
        Assert.Equal(4, lines.Count(line => line.StartsWith($"delete: s3://{bucket.Name}/", StringComparison.Ordinal)));
        Assert.Equal($"remove_bucket: {bucket.Name}", lines[^1]);
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        Assert.DoesNotContain((await s3.ListBucketsAsync()).Buckets ?? [], b => b.BucketName == bucket.Name);
    }

    [Fact]
    public async Task Presign_Object_UrlDownloadsItWithoutCredentialsAndSaysWhenItExpires()
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await AwsCli.SucceedAsync(bucket.Endpoint, "s3", "cp", Path.Combine(Tree(), "a.txt"), $"s3://{bucket.Name}/a.txt");

        CliRun run = await CliRun.RunAsync(bucket.Args("presign", $"s3://{bucket.Name}/a.txt", "--expires-in", "120"));
        using var http = new HttpClient();
        string body = await http.GetStringAsync(new Uri(run.StdoutText.Trim()));

        Assert.Equal(0, run.ExitCode);
        Assert.Equal("a", body.Trim());
        Assert.True(run.StdoutText.Contains("X-Amz-Expires=120", StringComparison.Ordinal), run.StdoutText);
        Assert.StartsWith(bucket.Endpoint.TrimEnd('/'), run.StdoutText, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("0")]
    [InlineData("604801")]
    public async Task Presign_ExpiresInOutOfRange_IsAUsageError(string seconds)
    {
        CliRun run = await CliRun.RunAsync("presign", "s3://b/k", "--expires-in", seconds, "--endpoint", moto.ServiceUrl.ToString());

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("--expires-in must be a whole number of seconds from 1 to 604800", run.Stderr, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    /// <summary>a.txt, b.log, sub/c.txt, sub/skip.txt under a folder of the test's.</summary>
    private string Tree()
    {
        string tree = Path.Combine(_folder, "tree");
        Directory.CreateDirectory(Path.Combine(tree, "sub"));
        (string Name, string Text)[] files = [("a.txt", "a"), ("b.log", "b"), ("sub/c.txt", "c"), ("sub/skip.txt", "s")];
        foreach ((string name, string text) in files)
        {
            File.WriteAllText(Path.Combine(tree, name), text + "\n");
        }

        return tree;
    }

    /// <summary>The keys under <paramref name="prefix"/>, relative to it, in order.</summary>
    private static async Task<string[]> KeysAsync(MotoBucket bucket, string prefix)
    {
        using AmazonS3Client s3 = MotoBucket.Client(bucket.Endpoint);
        ListObjectsV2Response listed = await s3.ListObjectsV2Async(new ListObjectsV2Request { BucketName = bucket.Name, Prefix = prefix });
        return [.. (listed.S3Objects ?? []).Select(o => o.Key[prefix.Length..]).Order(StringComparer.Ordinal)];
    }
}
