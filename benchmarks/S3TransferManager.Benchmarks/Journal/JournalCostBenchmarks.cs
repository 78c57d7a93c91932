using BenchmarkDotNet.Attributes;
using S3TransferManager.Resume;

namespace S3TransferManager.Benchmarks.Journal;

/// <summary>
/// What the resume journal itself costs one 1 GiB upload from a file, apart from the network: the file work an
/// <see cref="UploadJournal"/> does over the upload's life (the header written to a new file and renamed into place when
/// the upload is created, one record appended per stored part, the journal deleted at the end), for the part counts a
/// 1 GiB upload has (120 parts of whole waves at the automatic budget's start, 128 of 8 MiB) and for a 10,000-part
/// upload. End-to-end runs of a 1 GiB upload swing by more than this between rounds; this is the number to set against
/// them. Run: <c>dotnet run -c Release --project benchmarks/S3TransferManager.Benchmarks -- --filter '*JournalCost*'</c>.
/// </summary>
[MemoryDiagnoser]
public class JournalCostBenchmarks
{
    private string _folder = string.Empty;

    [Params(128, 10_000)]
    public int Parts { get; set; }

    [GlobalSetup]
    public void Setup() => _folder = Directory.CreateTempSubdirectory("s3tm-journal-cost-").FullName;

    [GlobalCleanup]
    public void Cleanup() => Directory.Delete(_folder, recursive: true);

    /// <summary>One upload's journal, created, appended a record per part, and deleted, as <see cref="UploadJournal"/>
    /// does it (JSON lines behind a CRC-32C, no flush to the device).</summary>
    [Benchmark]
    public void UploadJournalLife()
    {
        var header = new UploadJournalHeader
        {
            Created = DateTimeOffset.UtcNow,
            Endpoint = "http://127.0.0.1:9000/",
            Bucket = "bench",
            Key = "upload/ours-journal-file",
            UploadId = "2~iCw_lDY8xgr6qGzSH4FaWyGVYUsHBqqJ3DAm6eS6AQJxmH4ZWfq8dkjqr0rxCLm",
            Source = "/tmp/s3tm-bench/source-1024-mib.bin",
            Length = 1L << 30,
            SourceLastWrite = DateTime.UtcNow,
            PartSize = 8L << 20,
            ChecksumAlgorithm = "CRC32",
            Options = "0123456789abcdef",
        };
        using JournalFile file = JournalFile.Create(Path.Combine(_folder, "upload.journal"), [JournalRecords.Line(header)]);
        for (int part = 1; part <= Parts; part++)
        {
            file.Append(JournalRecords.Line(new UploadedPart(part, "\"9b2cf535f27731c974343645a3985328\"", 8L << 20, "CRC32:AAAAAA==")));
        }

        file.Delete();
    }
}
