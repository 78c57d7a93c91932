using System.Text;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;

namespace S3TransferManager.Tests.Sync;

/// <summary>Checksum mode against a mocked listing and HEAD: "NhCmhg==" is the CRC32 boto3 sends for the bytes "hello".</summary>
public sealed class ChecksumComparisonTests : IDisposable
{
    private const string HelloCrc32 = "NhCmhg==";
    private readonly string _root = Path.Combine(Path.GetTempPath(), "checksum-sync-" + Guid.NewGuid().ToString("N"));
    private readonly Mock<IAmazonS3> _s3 = new();
    private int _heads;

    public ChecksumComparisonTests()
    {
        Directory.CreateDirectory(_root);
        File.WriteAllBytes(Path.Combine(_root, "f.txt"), Encoding.ASCII.GetBytes("hello"));
    }

    [Fact]
    public async Task Sync_StoredCrc32EqualsTheLocalOne_UnchangedAfterOneHead()
    {
        (TransferUtilitySyncResponse response, List<SyncObjectEventArgs> events) = await SyncAsync(Listed(5, "CRC32"), HelloCrc32);

        Assert.Empty(events);
        Assert.Equal((1L, 1), (response.ObjectsUnchanged, _heads));
    }

    [Fact]
    public async Task Sync_StoredCrc32Differs_UploadedAsChecksumDiffers()
    {
        (TransferUtilitySyncResponse response, List<SyncObjectEventArgs> events) = await SyncAsync(Listed(5, "CRC32"), "AAAAAA==");

        Assert.Equal(SyncReason.ChecksumDiffers, Assert.Single(events).Reason);
        Assert.Equal((1L, 0L, 1), (response.ObjectsTransferred, response.ObjectsNotComparable, _heads));
    }

    [Fact]
    public async Task Sync_HeadGivesAPartCountSuffixAndNoPartsAreListed_NotComparableAfterAskingForThem()
    {
        _s3.Setup(s => s.GetObjectAttributesAsync(It.IsAny<GetObjectAttributesRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(new GetObjectAttributesResponse { ObjectParts = new GetObjectAttributesParts { TotalPartsCount = 3 } });

        (TransferUtilitySyncResponse response, List<SyncObjectEventArgs> events) = await SyncAsync(Listed(5, "CRC32"), HelloCrc32 + "-3");

        Assert.Equal(SyncReason.ChecksumNotComparable, Assert.Single(events).Reason);
        Assert.Equal((1L, 1), (response.ObjectsNotComparable, _heads));
    }

    [Fact]
    public async Task Sync_ListingNamesNoChecksum_NotComparableWithoutHead()
    {
        (_, List<SyncObjectEventArgs> events) = await SyncAsync(Listed(5, null), HelloCrc32);

        Assert.Equal(SyncReason.ChecksumNotComparable, Assert.Single(events).Reason);
        Assert.Equal(0, _heads);
    }

    [Fact]
    public async Task Sync_SizesDiffer_SizeDiffersWithoutHead()
    {
        (_, List<SyncObjectEventArgs> events) = await SyncAsync(Listed(6, "CRC32"), HelloCrc32);

        Assert.Equal(SyncReason.SizeDiffers, Assert.Single(events).Reason);
        Assert.Equal(0, _heads);
    }

    [Fact]
    public async Task Sync_ObjectOverwrittenBetweenListingAndHead_NotComparableAndUploaded()
    {
        _s3.Setup(s => s.ListObjectsV2Async(It.IsAny<ListObjectsV2Request>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(new ListObjectsV2Response { S3Objects = [Listed(5, "CRC32")], IsTruncated = false });
        _s3.Setup(s => s.GetObjectMetadataAsync(It.IsAny<GetObjectMetadataRequest>(), It.IsAny<CancellationToken>()))
            .Callback(() => Interlocked.Increment(ref _heads))
            .ThrowsAsync(new AmazonS3Exception("At least one of the pre-conditions you specified did not hold")
            {
                StatusCode = System.Net.HttpStatusCode.PreconditionFailed, ErrorCode = "PreconditionFailed",
            });

        (TransferUtilitySyncResponse response, List<SyncObjectEventArgs> events) = await ChecksumModeDryRun.RunAsync(_s3.Object, _root);

        Assert.Equal(SyncReason.ChecksumNotComparable, Assert.Single(events).Reason);
        Assert.Equal((1L, 0L, 1), (response.ObjectsNotComparable, response.ObjectsFailed, _heads));
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    private static S3Object Listed(long size, string? algorithm) => new()
    {
        Key = "p/f.txt", Size = size, ETag = "\"e\"", LastModified = DateTime.UtcNow,
        ChecksumAlgorithm = algorithm is null ? [] : [algorithm],
    };

    private async Task<(TransferUtilitySyncResponse, List<SyncObjectEventArgs>)> SyncAsync(S3Object listed, string storedCrc32)
    {
        _s3.Setup(s => s.ListObjectsV2Async(It.IsAny<ListObjectsV2Request>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(new ListObjectsV2Response { S3Objects = [listed], IsTruncated = false });
        _s3.Setup(s => s.GetObjectMetadataAsync(It.IsAny<GetObjectMetadataRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((GetObjectMetadataRequest r, CancellationToken _) =>
            {
                Interlocked.Increment(ref _heads);
                Assert.Equal((ChecksumMode.ENABLED, listed.ETag), (r.ChecksumMode, r.EtagToMatch));
                return new GetObjectMetadataResponse { ContentLength = listed.Size ?? 0, ETag = listed.ETag, ChecksumCRC32 = storedCrc32 };
            });
        return await ChecksumModeDryRun.RunAsync(_s3.Object, _root);
    }
}
