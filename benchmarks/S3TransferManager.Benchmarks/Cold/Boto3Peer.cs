using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// boto3's managed transfer (<c>download_file</c>, <c>upload_file</c>, <c>upload_fileobj</c> of standard input) in a fresh python3 process, with 10 threads and
/// parts of 8 MiB (<c>TransferConfig</c>), path-style. Skipped with a message when python3 cannot import boto3.
/// </summary>
internal sealed class Boto3Peer : IPeer
{
    private const string Script = """
        import sys
        import boto3
        from boto3.s3.transfer import TransferConfig
        from botocore.config import Config
        url, operation, bucket, key, path, concurrency, part = sys.argv[1:8]
        s3 = boto3.client("s3", endpoint_url=url, aws_access_key_id="test", aws_secret_access_key="test",
                          region_name="us-east-1", config=Config(s3={"addressing_style": "path"}, max_pool_connections=int(concurrency)))
        transfer = TransferConfig(max_concurrency=int(concurrency), multipart_chunksize=int(part), multipart_threshold=int(part))
        if operation == "upload":
            s3.upload_file(path, bucket, key, Config=transfer)
        elif operation == "stdin":
            s3.upload_fileobj(sys.stdin.buffer, bucket, key, Config=transfer)
        else:
            s3.download_file(bucket, key, path, Config=transfer)
        """;

    private readonly string _endpoint;
    private readonly string _script;

    private Boto3Peer(Uri serviceUrl, string script)
    {
        _endpoint = serviceUrl.ToString();
        _script = script;
    }

    public string Name => "boto3";

    /// <summary>The peer, or null (with the reason written out) when python3 or boto3 is missing.</summary>
    /// <param name="serviceUrl">The endpoint.</param>
    /// <param name="folder">Where its script is written.</param>
    public static async Task<Boto3Peer?> FindAsync(Uri serviceUrl, string folder)
    {
        if (!await PeerProcess.SucceedsAsync("python3", "-c", "import boto3"))
        {
            Console.WriteLine("python3 with boto3 is not installed: its rows are skipped.");
            return null;
        }

        string script = Path.Combine(folder, "boto3-transfer.py");
        await File.WriteAllTextAsync(script, Script);
        return new Boto3Peer(serviceUrl, script);
    }

    public Task<double> StartupAsync() => PeerProcess.RunAsync("python3", ["-c", "import boto3"], new Dictionary<string, string>());

    public Task<double> DownloadAsync(string key, string path) => Run("download", key, path);

    public Task<double> UploadAsync(string path, string key) => Run("upload", key, path);

    public Task<double> UploadStdinAsync(string key, long size) => Run("stdin", key, "-", size);

    private Task<double> Run(string operation, string key, string path, long stdinZeros = 0) => PeerProcess.RunAsync("python3",
        [_script, _endpoint, operation, EndpointSession.Bucket, key, path, $"{BenchmarkSettings.Concurrency}", $"{BenchmarkSettings.PartSize}"],
        new Dictionary<string, string>(), stdinZeros);
}
