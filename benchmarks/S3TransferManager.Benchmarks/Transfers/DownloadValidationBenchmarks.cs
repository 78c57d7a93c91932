using Amazon.S3;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Benchmarks.Transfers;

/// <summary>
/// What download checksum validation costs: the same multipart object, stored with a full-object checksum (uploaded by
/// this library, which sends it with CompleteMultipartUpload), downloaded to a file with validation on (one HEAD for
/// the stored value, every byte hashed, part CRCs combined) and off, side by side; and validated with the resume journal
/// on (<see cref="ValidatedJournal"/>), whose part records take the validation's digests, so nothing is hashed twice.
/// S3 stores a checksum with every new object, so this is the journal's cost as users meet it. Run:
/// <c>dotnet run -c Release --project benchmarks/S3TransferManager.Benchmarks -- quick --filter '*DownloadValidation*'</c>.
/// </summary>
public class DownloadValidationBenchmarks : ITransferScenario, IWritesObjectFiles
{
    private const string Key = "validation/object";

    private EndpointSession _session = null!;
    private TransferUtility _validating = null!;
    private TransferUtility _notValidating = null!;
    private TransferUtility _validatingJournal = null!;
    private string _journalFolder = null!;
    private DownloadDestination _destination = null!;

    [Params(InMemoryS3Profile.Raw, InMemoryS3Profile.S3Like)]
    public InMemoryS3Profile Profile { get; set; }

    [Params("CRC64NVME", "CRC32", "CRC32C")]
    public string Algorithm { get; set; } = "CRC64NVME";

    public long BytesPerOperation { get; } = BenchmarkSettings.ObjectSize;

    public int TransfersPerOperation => 1;

    public EndpointSession Session => _session;

    [GlobalSetup]
    public async Task SetupAsync()
    {
        _session = await EndpointSession.StartAsync(Profile);
        await _session.SeedAsync("validation/bucket-marker", 1, partSize: 0);
        _validating = new TransferUtility(_session.Client, Config(validate: true));
        _notValidating = new TransferUtility(_session.Client, Config(validate: false));
        _journalFolder = Directory.CreateTempSubdirectory("s3tm-bench-journals-").FullName;
        TransferUtilityConfig journal = Config(validate: true);
        journal.ResumeTransfers = true;
        journal.ResumeJournalFolder = _journalFolder;
        _validatingJournal = new TransferUtility(_session.Client, journal);
        _destination = new DownloadDestination();

        string source = _destination.ScratchPath("source.bin");
        await using (FileStream file = File.Create(source))
        {
            var chunk = new byte[1024 * 1024];
            var random = new Random(7);
            for (long written = 0; written < BytesPerOperation; written += chunk.Length)
            {
                random.NextBytes(chunk);
                await file.WriteAsync(chunk.AsMemory(0, (int)Math.Min(chunk.Length, BytesPerOperation - written)));
            }
        }

        await _validating.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = EndpointSession.Bucket,
            Key = Key,
            FilePath = source,
            PartSize = BenchmarkSettings.PartSize,
            ChecksumAlgorithm = ChecksumAlgorithm.FindValue(Algorithm),
        });
        File.Delete(source);

        // Setup, not measurement: a download that did not validate would make the "on" figure meaningless.
        TransferUtilityDownloadResponse check = await Validated();
        if (check.ChecksumValidation is not { Validated: true })
        {
            throw new InvalidOperationException($"The setup download was not validated: {check.ChecksumValidation}");
        }
    }

    [IterationCleanup]
    public void DeleteFile() => _destination.CheckAndDelete(BytesPerOperation);

    [GlobalCleanup]
    public async Task CleanupAsync()
    {
        _validating.Dispose();
        _notValidating.Dispose();
        _validatingJournal.Dispose();
        await _session.DisposeAsync();
        Directory.Delete(_journalFolder, recursive: true);
        _destination.Dispose();
    }

    [Benchmark(Baseline = true)]
    public Task<TransferUtilityDownloadResponse> NotValidated() => DownloadAsync(_notValidating);

    [Benchmark]
    public Task<TransferUtilityDownloadResponse> Validated() => DownloadAsync(_validating);

    /// <summary>As <see cref="Validated"/>, with the resume journal on: a temporary file and a journal beside the
    /// destination, a record per part.</summary>
    [Benchmark]
    public Task<TransferUtilityDownloadResponse> ValidatedJournal() => DownloadAsync(_validatingJournal);

    private static TransferUtilityConfig Config(bool validate) => new()
    {
        ConcurrentServiceRequests = BenchmarkSettings.Concurrency,
        MinSizeBeforePartUpload = BenchmarkSettings.PartSize,
        ValidateDownloadChecksums = validate,
    };

    private Task<TransferUtilityDownloadResponse> DownloadAsync(TransferUtility utility) => _destination.OursAsync(utility, Key);
}
