using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using static S3TransferManager.IntegrationTests.Resume.ResumeSetup;

namespace S3TransferManager.IntegrationTests.Resume;

/// <summary>A download to a file, interrupted and asked for again with resume on: only the parts not already in the
/// temporary file (checked there) are fetched, with If-Match on the first run's ETag; anything that no longer matches
/// is fetched again, and the file ends byte-exact with nothing left beside it. Downloads open with a range, so that one
/// can be stopped between its parts (moto answers part 1 by number with the whole object).</summary>
[Collection(MotoCollection.Name)]
public sealed class DownloadResumeTests(MotoServer moto)
{
    private const int PartSize = 5 * MiB;

    [Fact]
    public async Task DownloadWithResponseAsync_CancelledAtPart4ThenAskedAgain_FetchesOnlyParts4To8()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(40 * MiB);
        string eTag = await s3.PutAsync("k", content);
        string path = s3.PathFor("out.bin");
        using TransferUtility utility = Utility(s3);

        await InterruptAsync(s3, r => IsGetOfPart(r, 4), token => utility.DownloadWithResponseAsync(Request(s3, path), token));
        Assert.True(File.Exists(TempFile(path)));
        Assert.True(File.Exists(JournalBeside(path)));
        Assert.Single(Journals(s3));

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, path));

        Assert.Equal(3 * PartSize, response.ResumedBytes);
        Assert.Equal(5 * PartSize, response.TransferredBytes);
        Assert.Empty(response.ResumeRestarts);
        Assert.Equal([4, 5, 6, 7, 8], PartsFetched(s3));
        Assert.All(s3.Handler.Gets, r => Assert.Equal(eTag, r.IfMatch));
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(path));
        AssertNothingLeft(s3, path);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ObjectOverwrittenBetweenRuns_StartsOverOnTheNewObject()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("k", TestData.Payload(40 * MiB));
        string path = s3.PathFor("out.bin");
        using TransferUtility utility = Utility(s3);
        await InterruptAsync(s3, r => IsGetOfPart(r, 4), token => utility.DownloadWithResponseAsync(Request(s3, path), token));

        byte[] newer = TestData.Payload(40 * MiB, seed: 9);
        await s3.PutAsync("k", newer);
        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, path));

        Assert.Equal(0, response.ResumedBytes);
        Assert.Contains(response.ResumeRestarts, r => r.Contains("object changed", StringComparison.Ordinal));
        Assert.Equal(TestData.Sha256(newer), TestData.Sha256OfFile(path));
        AssertNothingLeft(s3, path);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_OneWrittenPartCorruptedOnDisk_FetchesThatPartAgain()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(40 * MiB);
        await s3.PutAsync("k", content);
        string path = s3.PathFor("out.bin");
        using TransferUtility utility = Utility(s3);
        await InterruptAsync(s3, r => IsGetOfPart(r, 4), token => utility.DownloadWithResponseAsync(Request(s3, path), token));

        using (FileStream temp = File.OpenWrite(TempFile(path)))
        {
            temp.Position = PartSize + 1234;
            temp.WriteByte((byte)(content[PartSize + 1234] ^ 0x5A));
        }

        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, path));

        Assert.Equal(2 * PartSize, response.ResumedBytes);
        Assert.Contains(response.ResumeRestarts, r => r.StartsWith("part 2 ", StringComparison.Ordinal));
        Assert.Equal([2, 4, 5, 6, 7, 8], PartsFetched(s3));
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(path));
        AssertNothingLeft(s3, path);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_TemporaryFileDeletedBetweenRuns_StartsOver()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(40 * MiB);
        await s3.PutAsync("k", content);
        string path = s3.PathFor("out.bin");
        using TransferUtility utility = Utility(s3);
        await InterruptAsync(s3, r => IsGetOfPart(r, 4), token => utility.DownloadWithResponseAsync(Request(s3, path), token));

        File.Delete(TempFile(path));
        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, path));

        Assert.Equal(0, response.ResumedBytes);
        Assert.Contains(response.ResumeRestarts, r => r.Contains("temporary file", StringComparison.Ordinal));
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(path));
        AssertNothingLeft(s3, path);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ObjectDeletedBetweenRuns_FailsAndLeavesNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("k", TestData.Payload(40 * MiB));
        string path = s3.PathFor("out.bin");
        using TransferUtility utility = Utility(s3);
        await InterruptAsync(s3, r => IsGetOfPart(r, 4), token => utility.DownloadWithResponseAsync(Request(s3, path), token));

        await s3.SetupClient.DeleteObjectAsync(s3.BucketName, "k");
        AmazonS3Exception error = await Assert.ThrowsAnyAsync<AmazonS3Exception>(() => utility.DownloadWithResponseAsync(Request(s3, path)));

        Assert.Equal(HttpStatusCode.NotFound, error.StatusCode);
        Assert.False(File.Exists(path));
        AssertNothingLeft(s3, path);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ObjectStoredWithCrc32_JournalKeepsTheValidationsDigestsAndResumedPartsStillCount()
    {
        // The checksum validation already hashes every part in the stored algorithm: the journal records that digest
        // rather than hashing the bytes a second time, and the resumed run's check of each recorded part feeds the
        // validation as if the bytes had just arrived.
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(12 * MiB);
        await PutWithCrc32Async(s3, content);
        string path = s3.PathFor("out.bin");
        using TransferUtility utility = Utility(s3);
        await InterruptAsync(s3, r => IsGetOfPart(r, 6, MiB), token => utility.DownloadWithResponseAsync(Request(s3, path, partSize: MiB), token));

        string[] recorded = RecordedPartChecksums(path);
        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, path, partSize: MiB));

        // A part that ended before the HEAD named the stored algorithm keeps a candidate's digest (CRC64NVME first);
        // the HEAD answers long before five sequential 1 MiB GETs end, so the later parts are in CRC32.
        Assert.Equal(5, recorded.Length);
        for (int part = 0; part < recorded.Length; part++)
        {
            var algorithm = ChecksumAlgorithm.FindValue(recorded[part][..recorded[part].IndexOf(':', StringComparison.Ordinal)]);
            Assert.Contains(algorithm, new[] { ChecksumAlgorithm.CRC32, ChecksumAlgorithm.CRC64NVME });
            Assert.Equal($"{algorithm.Value}:{Convert.ToBase64String(IndependentChecksums.Raw(algorithm, content.AsSpan(part * MiB, MiB)))}",
                recorded[part]);
        }

        Assert.StartsWith("CRC32:", recorded[^1], StringComparison.Ordinal);
        Assert.Equal(5 * MiB, response.ResumedBytes);
        Assert.True(response.ChecksumValidation!.Validated, response.ChecksumValidation.NotValidatedReason);
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(path));
        AssertNothingLeft(s3, path);
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ValidationTurnedOff_JournalHashesEachPartInItsOwnCrc64Nvme()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(8 * MiB);
        await PutWithCrc32Async(s3, content);
        string path = s3.PathFor("out.bin");
        TransferUtilityConfig config = Config(s3);
        config.ValidateDownloadChecksums = false;
        using var utility = new TransferUtility(s3.Client, config, null, new EngineTuning { DownloadLookahead = false, OpenByPartNumber = false });
        await InterruptAsync(s3, r => IsGetOfPart(r, 4, MiB), token => utility.DownloadWithResponseAsync(Request(s3, path, partSize: MiB), token));

        string[] recorded = RecordedPartChecksums(path);
        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(Request(s3, path, partSize: MiB));

        Assert.Equal(
            Enumerable.Range(0, 3).Select(p => "CRC64NVME:" + Convert.ToBase64String(IndependentChecksums.Raw(ChecksumAlgorithm.CRC64NVME,
                content.AsSpan(p * MiB, MiB)))),
            recorded);
        Assert.Equal(3 * MiB, response.ResumedBytes);
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(path));
        AssertNothingLeft(s3, path);
    }

    /// <summary>Sent by this library as one PutObject with its CRC32 in a header, which moto stores as sent.</summary>
    private static async Task PutWithCrc32Async(S3TestContext s3, byte[] content)
    {
        using TransferUtility uploader = s3.CreateUtility();
        using var body = new MemoryStream(content);
        await uploader.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = body, ChecksumAlgorithm = ChecksumAlgorithm.CRC32,
        });
    }

    /// <summary>The checksum of each part the journal beside <paramref name="path"/> records, in part order (each line
    /// is 8 hex digits of its CRC, a space, and a JSON record).</summary>
    private static string[] RecordedPartChecksums(string path) =>
        [.. File.ReadAllLines(JournalBeside(path))
            .Select(line => System.Text.Json.JsonDocument.Parse(line[9..]).RootElement)
            .Where(record => record.TryGetProperty("checksum", out _))
            .OrderBy(record => record.GetProperty("start").GetInt64())
            .Select(record => record.GetProperty("checksum").GetString()!)];

    /// <summary>Resume on, one request at a time, and no part requested before the one before it was written (so a
    /// stall at part N means parts 1..N-1 are in the journal).</summary>
    private static TransferUtility Utility(S3TestContext s3) =>
        new(s3.Client, Config(s3), null, new EngineTuning { DownloadLookahead = false, OpenByPartNumber = false });

    private static TransferUtilityDownloadRequest Request(S3TestContext s3, string path, int partSize = PartSize) =>
        new() { BucketName = s3.BucketName, Key = "k", FilePath = path, PartSize = partSize };

    private static bool IsGetOfPart(RequestRecord r, int part, int partSize = PartSize) =>
        r.IsGet && r.Range == $"bytes={(part - 1L) * partSize}-{(part * (long)partSize) - 1}";

    private static int[] PartsFetched(S3TestContext s3) =>
        [.. s3.Handler.Gets.Select(r => (int)(long.Parse(r.Range!["bytes=".Length..r.Range!.IndexOf('-', StringComparison.Ordinal)],
            System.Globalization.CultureInfo.InvariantCulture) / PartSize) + 1).Order()];

    private static string TempFile(string path) => Path.Combine(Path.GetDirectoryName(path)!, $".{Path.GetFileName(path)}.resume.s3tmp");

    private static string JournalBeside(string path) => Path.Combine(Path.GetDirectoryName(path)!, $".{Path.GetFileName(path)}.s3tm-journal");

    private static void AssertNothingLeft(S3TestContext s3, string path)
    {
        Assert.False(File.Exists(TempFile(path)), "The temporary file is still there.");
        Assert.False(File.Exists(JournalBeside(path)), "The journal is still there.");
        Assert.Empty(Journals(s3));
        Assert.Empty(Directory.GetFiles(Path.GetDirectoryName(path)!, ".*"));
    }
}
