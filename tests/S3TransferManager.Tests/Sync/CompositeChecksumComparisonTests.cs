using System.Buffers.Binary;
using System.IO.Hashing;
using System.Text;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;

namespace S3TransferManager.Tests.Sync;

/// <summary>
/// Checksum mode against an object with a composite CRC32 whose part layout GetObjectAttributes lists (moto lists no
/// parts, so this path is tested against a mocked client): the local file "hello" is hashed in the same layout, parts
/// of 3 and 2 bytes. The expected values are computed here with System.IO.Hashing, apart from the library's hasher.
/// </summary>
public sealed class CompositeChecksumComparisonTests : IDisposable
{
    private readonly string _root = Path.Combine(Path.GetTempPath(), "composite-sync-" + Guid.NewGuid().ToString("N"));
    private readonly Mock<IAmazonS3> _s3 = new();
    private int _heads;
    private int _attributes;

    public CompositeChecksumComparisonTests()
    {
        Directory.CreateDirectory(_root);
        File.WriteAllBytes(Path.Combine(_root, "f.txt"), Encoding.ASCII.GetBytes("hello"));
    }

    [Fact]
    public async Task Sync_CompositeOfTheSameBytesInTheListedLayout_UnchangedAfterOneHeadAndOneAttributes()
    {
        (TransferUtilitySyncResponse response, List<SyncObjectEventArgs> events) = await SyncAsync(
            Composite("hel", "lo") + "-2", ChecksumType.COMPOSITE, Parts(("hel", 3), ("lo", 2)));

        Assert.Empty(events);
        Assert.Equal((1L, 1, 1), (response.ObjectsUnchanged, _heads, _attributes));
    }

    [Fact]
    public async Task Sync_CompositeOfOtherBytesOfTheSameSize_ChecksumDiffers()
    {
        (TransferUtilitySyncResponse response, List<SyncObjectEventArgs> events) = await SyncAsync(
            Composite("hel", "lO") + "-2", ChecksumType.COMPOSITE, Parts(("hel", 3), ("lO", 2)));

        Assert.Equal(SyncReason.ChecksumDiffers, Assert.Single(events).Reason);
        Assert.Equal(0L, response.ObjectsNotComparable);
    }

    [Fact]
    public async Task Sync_ListedPartsDoNotAddUpToTheObjectsSize_NotComparable()
    {
        (TransferUtilitySyncResponse response, List<SyncObjectEventArgs> events) = await SyncAsync(
            Composite("hel", "lo") + "-2", ChecksumType.COMPOSITE, Parts(("hel", 3), ("lo", 3)));

        Assert.Equal(SyncReason.ChecksumNotComparable, Assert.Single(events).Reason);
        Assert.Equal(1L, response.ObjectsNotComparable);
    }

    [Fact]
    public async Task Sync_GetObjectAttributesDenied_NotComparable()
    {
        (_, List<SyncObjectEventArgs> events) = await SyncAsync(Composite("hel", "lo") + "-2", ChecksumType.COMPOSITE,
            new AmazonS3Exception("Access Denied") { ErrorCode = "AccessDenied" });

        Assert.Equal(SyncReason.ChecksumNotComparable, Assert.Single(events).Reason);
    }

    [Fact]
    public async Task Sync_BareUntypedCompositeOfAMultipartObject_ComparedInTheListedLayout()
    {
        // A server that sends a composite value without its "-N" or a type (moto does): the full-object reading fails,
        // the multipart ETag says parts exist, and the listed layout settles it.
        (TransferUtilitySyncResponse response, List<SyncObjectEventArgs> events) = await SyncAsync(
            Composite("hel", "lo"), type: null, Parts(("hel", 3), ("lo", 2)), eTag: "\"abc-2\"");

        Assert.Empty(events);
        Assert.Equal((1L, 1), (response.ObjectsUnchanged, _attributes));
    }

    [Fact]
    public async Task Sync_BareUntypedValueOfASingleUpload_DiffersWithoutAskingForParts()
    {
        (_, List<SyncObjectEventArgs> events) = await SyncAsync(Composite("hel", "lo"), type: null, Parts(("hel", 3), ("lo", 2)));

        Assert.Equal(SyncReason.ChecksumDiffers, Assert.Single(events).Reason);
        Assert.Equal(0, _attributes);
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    /// <summary>The CRC32 as S3 writes it: big-endian.</summary>
    private static byte[] Crc32Of(byte[] data)
    {
        byte[] crc = new byte[4];
        BinaryPrimitives.WriteUInt32BigEndian(crc, Crc32.HashToUInt32(data));
        return crc;
    }

    private static byte[] Crc32Of(string text) => Crc32Of(Encoding.ASCII.GetBytes(text));

    /// <summary>S3's composite: the CRC32 of the parts' raw CRC32s, concatenated.</summary>
    private static string Composite(params string[] parts) => Convert.ToBase64String(Crc32Of([.. parts.SelectMany(Crc32Of)]));

    private static GetObjectAttributesResponse Parts(params (string Content, long Size)[] parts) => new()
    {
        ObjectParts = new GetObjectAttributesParts
        {
            TotalPartsCount = parts.Length,
            IsTruncated = false,
            Parts = [.. parts.Select((p, i) => new ObjectPart { PartNumber = i + 1, Size = p.Size, ChecksumCRC32 = Convert.ToBase64String(Crc32Of(p.Content)) })],
        },
    };

    private Task<(TransferUtilitySyncResponse, List<SyncObjectEventArgs>)> SyncAsync(string stored, ChecksumType? type, AmazonS3Exception denied)
    {
        _s3.Setup(s => s.GetObjectAttributesAsync(It.IsAny<GetObjectAttributesRequest>(), It.IsAny<CancellationToken>())).ThrowsAsync(denied);
        return RunAsync(stored, type, "\"e\"");
    }

    private Task<(TransferUtilitySyncResponse, List<SyncObjectEventArgs>)> SyncAsync(string stored, ChecksumType? type,
        GetObjectAttributesResponse parts, string eTag = "\"e\"")
    {
        _s3.Setup(s => s.GetObjectAttributesAsync(It.IsAny<GetObjectAttributesRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((GetObjectAttributesRequest r, CancellationToken _) =>
            {
                Interlocked.Increment(ref _attributes);
                Assert.Equal([ObjectAttributes.ObjectParts], r.ObjectAttributes);
                return parts;
            });
        return RunAsync(stored, type, eTag);
    }

    private async Task<(TransferUtilitySyncResponse, List<SyncObjectEventArgs>)> RunAsync(string stored, ChecksumType? type, string eTag)
    {
        var listed = new S3Object
        {
            Key = "p/f.txt", Size = 5, ETag = eTag, LastModified = DateTime.UtcNow, ChecksumAlgorithm = ["CRC32"], ChecksumType = type,
        };
        _s3.Setup(s => s.ListObjectsV2Async(It.IsAny<ListObjectsV2Request>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(new ListObjectsV2Response { S3Objects = [listed], IsTruncated = false });
        _s3.Setup(s => s.GetObjectMetadataAsync(It.IsAny<GetObjectMetadataRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((GetObjectMetadataRequest r, CancellationToken _) =>
            {
                Interlocked.Increment(ref _heads);
                return new GetObjectMetadataResponse { ContentLength = 5, ETag = eTag, ChecksumCRC32 = stored, ChecksumType = type };
            });
        return await ChecksumModeDryRun.RunAsync(_s3.Object, _root);
    }
}
