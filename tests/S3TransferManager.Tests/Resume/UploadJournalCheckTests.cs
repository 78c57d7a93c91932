using System.Text.Json;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Win32.SafeHandles;
using Moq;
using S3TransferManager.Events;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.Multipart;
using S3TransferManager.Resume;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Resume;

/// <summary>The parts a resumed upload takes over are listed in CompleteMultipartUpload as a fresh upload lists them: a
/// part's checksum only when the server echoed it (Swift's s3api echoes none, and its schema refuses the element). A
/// record of an earlier version, which did not say, takes the answer from ListParts.</summary>
public sealed class UploadJournalCheckTests : IDisposable
{
    private const int PartSize = 5 * 1024 * 1024;
    private readonly string _folder = Directory.CreateTempSubdirectory("journal-check-").FullName;
    private readonly byte[] _content = TestData.Bytes((2 * PartSize) + 1);

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task RunAsync_PartRecordedWithWhetherItsChecksumWasEchoed_ListedWithItsChecksumOnlyWhenEchoed(bool echoed)
    {
        StoredPart part = await CheckAsync(echoed, listedWithChecksum: !echoed);

        Assert.Equal(echoed ? Crc32(0) : null, part.ETag.ChecksumCRC32);
        Assert.Equal(Crc32(0), part.Checksum);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task RunAsync_RecordOfAnEarlierVersion_ListedWithItsChecksumOnlyWhenListPartsShowsIt(bool listedWithChecksum)
    {
        StoredPart part = await CheckAsync(echoed: null, listedWithChecksum);

        Assert.Equal(listedWithChecksum ? Crc32(0) : null, part.ETag.ChecksumCRC32);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private async Task<StoredPart> CheckAsync(bool? echoed, bool listedWithChecksum)
    {
        string path = Path.Combine(_folder, "f.bin");
        await File.WriteAllBytesAsync(path, _content);
        var s3 = new Mock<IAmazonS3>();
        s3.Setup(s => s.ListPartsAsync(It.IsAny<ListPartsRequest>(), It.IsAny<CancellationToken>())).ReturnsAsync(new ListPartsResponse
        {
            Parts = [new PartDetail { PartNumber = 1, ETag = "\"e1\"", Size = PartSize, ChecksumCRC32 = listedWithChecksum ? Crc32(0) : null }],
        });
        var resources = new TransferResources(s3.Object, new TransferUtilityConfig().Validated(), NullLogger.Instance);
        var request = new TransferUtilityUploadRequest { BucketName = "b", Key = "k", FilePath = path };
        using var lane = resources.Scheduler.OpenLane();
        var upload = new UploadContext(resources, lane, request, new ProgressTracker(null));
        var now = new UploadJournalHeader
        {
            Endpoint = "e", Bucket = "b", Key = "k", UploadId = string.Empty, Source = Path.GetFullPath(path), Length = _content.Length,
            PartSize = PartSize, ChecksumAlgorithm = "CRC32", Options = UploadOptionsFingerprint.Of(request),
        };
        List<byte[]> lines =
        [
            JsonSerializer.SerializeToUtf8Bytes<JournalHeader>(now with { UploadId = "u1" }, JournalJson.Default.JournalHeader),
            JsonSerializer.SerializeToUtf8Bytes(new UploadedPart(1, "\"e1\"", PartSize, JournalChecksum.Format(ChecksumAlgorithm.CRC32, Crc32(0)), echoed),
                JournalJson.Default.UploadedPart),
        ];
        using SafeFileHandle source = File.OpenHandle(path);

        UploadResumeState state = await UploadJournalCheck.RunAsync(upload, lines, now, source, ChecksumAlgorithm.CRC32, CancellationToken.None);

        Assert.Empty(state.Restarts);
        return Assert.Single(state.Parts);
    }

    private string Crc32(int part) => IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, _content.AsSpan(part * PartSize, PartSize));
}
