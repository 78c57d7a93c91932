using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// Every mistake is one line on stderr with the documented exit code: 2 when the command line or a local path is wrong
/// (found before any request), 1 when S3 refuses or fails the transfer. In the rows, {dir} is a folder holding
/// file.txt and folder/, {bucket} a fresh moto bucket; rows that name {bucket} run against moto.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class BadInvocationTests(MotoServer moto) : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("s3tm-bad-").FullName;

    public static TheoryData<string, int, string> Rows() => new()
    {
        { "frobnicate", 2, "s3tm: Unrecognized command or argument 'frobnicate'. Run 's3tm --help' for usage." },
        { "cp", 2, "s3tm: Required argument 'SRC' missing for command: 'cp'. Run 's3tm cp --help' for usage." },
        { "cp {dir}/file.txt s3://b/k --bogus", 2, "s3tm: Unrecognized command or argument '--bogus'. Run 's3tm cp --help' for usage." },
        { "cp {dir}/a.bin {dir}/b.bin", 2, "s3tm: cp needs an s3:// side: cp FILE s3://bucket/key, cp s3://bucket/key FILE, or cp s3://bucket/key s3://bucket/key2." },
        { "cp s3://b/prefix/ s3://b/k2", 2, "s3tm: 's3://b/prefix/' names no object; give s3://bucket/key, or add -r (--recursive) to copy every object under a prefix." },
        { "cp s3://b/k s3:///k2", 2, "s3tm: 's3:///k2' has no bucket name." },
        { "cp {dir}/file.txt s3://b/k --bwlimit fast", 2, "s3tm: --bwlimit must be a rate such as 50M (MiB/s), 512K or 1G, or off, not 'fast'. Run 's3tm cp --help' for usage." },
        { "cp {dir}/file.txt s3://b/k --bwlimit -5M", 2, "s3tm: --bwlimit must be a rate such as 50M (MiB/s), 512K or 1G, or off, not '-5M'. Run 's3tm cp --help' for usage." },
        { "cp {dir}/folder s3://b/p", 2, "s3tm: '{dir}/folder' is a folder: add -r (--recursive) to copy it with its subfolders." },
        { "cp {dir}/missing.bin s3://b/k", 2, "s3tm: No such file: {dir}/missing.bin" },
        { "cp {dir}/file.txt s3://b/k --part-size 1KB", 2, "s3tm: --part-size must be from 5MiB to 5GiB, the part sizes S3 accepts; '1KB' is 1,000 bytes. Run 's3tm cp --help' for usage." },
        { "cp {dir}/file.txt s3://b/k --part-size 6GiB", 2, "s3tm: --part-size must be from 5MiB to 5GiB, the part sizes S3 accepts; '6GiB' is 6,442,450,944 bytes. Run 's3tm cp --help' for usage." },
        { "cp {dir}/file.txt s3://b/k --part-size lots", 2, "s3tm: --part-size must be a size from 5MiB to 5GiB (e.g. 8MiB, 16MB, 5242880), not 'lots'. Run 's3tm cp --help' for usage." },
        { "cp {dir}/file.txt s3://b/k --concurrency 0", 2, "s3tm: --concurrency must be a whole number of at least 1, not '0'. Run 's3tm cp --help' for usage." },
        { "cp {dir}/file.txt s3://b/k --checksum MD5", 2, "s3tm: Argument 'MD5' not recognized. Must be one of: 'CRC32' 'CRC32C' 'CRC64NVME' 'SHA1' 'SHA256'. Run 's3tm cp --help' for usage." },
        { "cp -r - s3://b/p/", 2, "s3tm: --recursive copies folders; '-' (stdin/stdout) is a single object." },
        { "cp - s3://b/", 2, "s3tm: Uploading stdin needs a full key: cp - s3://bucket/key." },
        { "cp s3:///k {dir}/out.bin", 2, "s3tm: 's3:///k' has no bucket name." },
        { "cp s3://b/prefix/ {dir}/out.bin", 2, "s3tm: 's3://b/prefix/' names no object; give s3://bucket/key, or add -r (--recursive) to copy every object under a prefix." },
        { "cp -r {dir}/missing s3://b/p", 2, "s3tm: No such folder: {dir}/missing" },
        { "cp -r {dir}/file.txt s3://b/p", 2, "s3tm: '{dir}/file.txt' is a file: -r (--recursive) copies folders; drop -r to copy one file." },
        { "cp -r s3://b/p {dir}/file.txt", 2, "s3tm: '{dir}/file.txt' is a file: -r (--recursive) downloads into a folder." },
        { "cat s3://b/dir/", 2, "s3tm: 's3://b/dir/' names no object; give s3://bucket/key." },
        { "rm s3://b", 2, "s3tm: 's3://b/' names no object; give s3://bucket/key, or add --recursive to delete every object under a prefix." },
        { "mb s3://", 2, "s3tm: 's3://' has no bucket name." },
        { "ls s3://b --endpoint ftp://x", 2, "s3tm: --endpoint 'ftp://x' is not an http(s) URL." },
        { "abort-uploads s3://b --older-than soon", 2, "s3tm: --older-than must be an age such as 7d, 12h, 30m or 90s, not 'soon'. Run 's3tm abort-uploads --help' for usage." },
        { "demo --size big", 2, "s3tm: --size must be a size such as 256MiB or 1GiB, not 'big'. Run 's3tm demo --help' for usage." },
        { "serve --port 70000", 2, "s3tm: --port must be from 0 to 65535 (0 picks a free port). Run 's3tm serve --help' for usage." },
        { "ls --profile s3tm-no-such-profile", 2, "s3tm: --profile 's3tm-no-such-profile' is not in the AWS credentials or config files, or holds no credentials." },
        { "cp s3://{bucket}/missing.bin {dir}/out.bin", 1, "s3tm: error: not found (NoSuchKey): The specified key does not exist." },
        { "cp s3://{bucket}/missing.bin s3://{bucket}/copy.bin", 1, "s3tm: error: not found (NotFound): No object s3://{bucket}/missing.bin (or no bucket {bucket})." },
        { "ls s3://{bucket}-missing/", 1, "s3tm: error: not found (NoSuchBucket): The specified bucket does not exist" },
        { "cp {dir}/file.txt s3://{bucket}-missing/k", 1, "s3tm: error: not found (NoSuchBucket): The specified bucket does not exist" },
    };

    [Theory]
    [MemberData(nameof(Rows))]
    public async Task Run_BadInvocation_PrintsOneLineAndExitsWithItsCode(string commandLine, int exitCode, string line)
    {
        Directory.CreateDirectory(Path.Combine(_dir, "folder"));
        await File.WriteAllTextAsync(Path.Combine(_dir, "file.txt"), "hello");
        string bucket = commandLine.Contains("{bucket}", StringComparison.Ordinal) ? (await MotoBucket.CreateAsync(moto)).Name : "unused";
        string[] args = [.. Fill(commandLine, bucket).Split(' ')];
        if (commandLine.Contains("{bucket}", StringComparison.Ordinal))
        {
            args = [.. args, "--endpoint", moto.ServiceUrl.ToString(), "--path-style"];
        }

        CliRun run = await CliRun.RunAsync(args);

        Assert.Equal((exitCode, Fill(line, bucket)), (run.ExitCode, run.Stderr.TrimEnd('\n')));
    }

    [Fact]
    public async Task Run_AnError_HasNoExtraLinesUnlessDebug()
    {
        CliRun plain = await CliRun.RunAsync("cp", Path.Combine(_dir, "missing.bin"), "s3://b/k");
        CliRun debug = await CliRun.RunAsync("cp", Path.Combine(_dir, "missing.bin"), "s3://b/k", "--debug");

        Assert.Single(plain.Stderr.TrimEnd('\n').Split('\n'));
        Assert.Contains("UsageException", debug.Stderr, StringComparison.Ordinal);
        Assert.Contains(" at ", debug.Stderr, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    private string Fill(string text, string bucket) => text.Replace("{dir}", _dir, StringComparison.Ordinal).Replace("{bucket}", bucket, StringComparison.Ordinal);
}
