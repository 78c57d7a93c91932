using S3TransferManager.Cli.Tests.Credentials;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// The AWS SDK's two checksum settings reach the client s3tm makes, from --checksum-calculation and
/// --checksum-validation or from the profile's request_checksum_calculation and response_checksum_validation: with
/// when_required, a server that refuses every checksum header (as Backblaze B2 does) takes an upload in parts and gives
/// the object back.
/// </summary>
public sealed class ChecksumSettingsTests : IAsyncLifetime, IDisposable
{
    private const string Bucket = "bucket";
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-checksums-").FullName;
    private readonly AwsHome _home = new();
    private InMemoryS3Server _server = null!;

    public async Task InitializeAsync()
    {
        _server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { SupportsChecksumHeaders = false });
        _server.CreateBucket(Bucket);
    }

    [Fact]
    public async Task Cp_BothFlagsWhenRequired_UploadsInPartsAndDownloadsTheFile()
    {
        (string path, byte[] content) = File(seed: 1);

        CliRun up = await CliRun.RunAsync(Args("cp", path, $"s3://{Bucket}/k", "--part-size", "5MiB",
            "--checksum-calculation", "when_required", "--checksum-validation", "when_required"));
        CliRun down = await CliRun.RunAsync(Args("cp", $"s3://{Bucket}/k", Path.Combine(_folder, "back.bin"), "--checksum-validation", "when_required"));

        Assert.True(up.ExitCode == 0, up.Stderr);
        Assert.True(down.ExitCode == 0, down.Stderr);
        Assert.Equal(content, await System.IO.File.ReadAllBytesAsync(Path.Combine(_folder, "back.bin")));
    }

    [Fact]
    public async Task Cp_AtTheDefaults_RefusedByTheServer()
    {
        (string path, _) = File(seed: 2);

        CliRun up = await CliRun.RunAsync(Args("cp", path, $"s3://{Bucket}/k"));

        Assert.NotEqual(0, up.ExitCode);
        Assert.Contains("Unsupported header", up.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Cp_NamedProfileSaysWhenRequired_UploadsAndDownloadsTheFile()
    {
        (string path, byte[] content) = File(seed: 3);
        _home.WriteConfig("[profile b2]\nrequest_checksum_calculation = when_required\nresponse_checksum_validation = when_required\n");
        _home.WriteCredentials("[b2]\naws_access_key_id = test\naws_secret_access_key = test\n");
        string endpoint = _server.ServiceUrl.ToString();

        CliRun up = await CliProcess.RunAsync(_home.Environment(), "cp", path, $"s3://{Bucket}/k", "--endpoint", endpoint, "--profile", "b2");
        CliRun down = await CliProcess.RunAsync(_home.Environment(), "cp", $"s3://{Bucket}/k", Path.Combine(_folder, "back.bin"),
            "--endpoint", endpoint, "--profile", "b2");

        Assert.True(up.ExitCode == 0, up.Stderr);
        Assert.True(down.ExitCode == 0, down.Stderr);
        Assert.Equal(content, await System.IO.File.ReadAllBytesAsync(Path.Combine(_folder, "back.bin")));
    }

    public async Task DisposeAsync() => await _server.DisposeAsync();

    public void Dispose()
    {
        _home.Dispose();
        Directory.Delete(_folder, recursive: true);
    }

    private string[] Args(params string[] args) => [.. args, "--endpoint", _server.ServiceUrl.ToString()];

    private (string Path, byte[] Content) File(int seed)
    {
        byte[] content = InMemoryS3Content.Create((2 * 5 * 1024 * 1024) + 3, seed);
        string path = Path.Combine(_folder, $"f{seed}.bin");
        System.IO.File.WriteAllBytes(path, content);
        return (path, content);
    }
}
