namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>
/// The file a download benchmark writes into, in a temporary folder of its own, and the download calls every such
/// benchmark makes: this library and the AWS SDK's TransferUtility fetching one key into that file with the benchmark's
/// part size. One place, so that the download scenarios compare the same requests.
/// </summary>
public sealed class DownloadDestination : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-bench-").FullName;

    public DownloadDestination() => FilePath = Path.Combine(_folder, "object.bin");

    /// <summary>The destination file.</summary>
    public string FilePath { get; }

    /// <summary>A scratch path in the same folder (e.g. a source file to upload during setup).</summary>
    public string ScratchPath(string name) => Path.Combine(_folder, name);

    /// <summary>Checks that a file the last iteration left has <paramref name="expectedLength"/> bytes, then deletes it:
    /// a benchmark that wrote the wrong bytes must not report a time. (Read-only raw ceilings leave no file.)</summary>
    public void CheckAndDelete(long expectedLength)
    {
        var file = new FileInfo(FilePath);
        if (file.Exists && file.Length != expectedLength)
        {
            throw new InvalidOperationException($"The downloaded file has {file.Length} bytes, not {expectedLength}.");
        }

        file.Delete();
    }

    /// <summary>This library's download of <paramref name="key"/> into <see cref="FilePath"/>.</summary>
    public Task<TransferUtilityDownloadResponse> OursAsync(TransferUtility utility, string key) =>
        utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = key,
            FilePath = FilePath,
            PartSize = BenchmarkSettings.PartSize,
        });

    /// <summary>The AWS SDK's download of <paramref name="key"/> into <see cref="FilePath"/>, in its
    /// <paramref name="type"/> mode.</summary>
    public Task SdkAsync(Amazon.S3.Transfer.TransferUtility incumbent, string key, Amazon.S3.Transfer.MultipartDownloadType type) =>
        incumbent.DownloadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityDownloadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = key,
            FilePath = FilePath,
            MultipartDownloadType = type,
            PartSize = BenchmarkSettings.PartSize,
        });

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
