using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary>Composite checksums and GetObjectAttributes on the in-memory endpoint, read through the AWS SDK.</summary>
public sealed class GetObjectAttributesTests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    private const int PartSize = 5 * 1024 * 1024;

    [Fact]
    public async Task CompleteMultipartUpload_PartsWithCrc32AndNoFullObjectValue_StoresTheChecksumOfTheChecksums()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((2 * PartSize) + 10, seed: 41);
        using AmazonS3Client client = fixture.CreateClient();

        string stored = await CompositeUpload.RunAsync(client, bucket, "k", content, PartSize);

        byte[] raw = [.. IndependentChecksums.Raw(ChecksumAlgorithm.CRC32, content.AsSpan(0, PartSize)),
            .. IndependentChecksums.Raw(ChecksumAlgorithm.CRC32, content.AsSpan(PartSize, PartSize)),
            .. IndependentChecksums.Raw(ChecksumAlgorithm.CRC32, content.AsSpan(2 * PartSize))];
        Assert.Equal(IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, raw) + "-3", stored);
    }

    [Fact]
    public async Task GetObjectAttributes_CompositeObjectPagedByTwo_ListsEveryPartWithItsSizeAndChecksum()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((2 * PartSize) + 10, seed: 42);
        using AmazonS3Client client = fixture.CreateClient();
        string stored = await CompositeUpload.RunAsync(client, bucket, "k", content, PartSize);

        GetObjectAttributesResponse first = await client.GetObjectAttributesAsync(Request(bucket, marker: null));
        GetObjectAttributesResponse second = await client.GetObjectAttributesAsync(Request(bucket, first.ObjectParts.NextPartNumberMarker));

        Assert.Equal((stored[..stored.LastIndexOf('-')], ChecksumType.COMPOSITE), (first.Checksum.ChecksumCRC32, first.Checksum.ChecksumType));
        Assert.Equal((3, true, 2), (first.ObjectParts.TotalPartsCount, first.ObjectParts.IsTruncated, first.ObjectParts.NextPartNumberMarker));
        Assert.Equal(content.Length, first.ObjectSize);
        ObjectPart[] parts = [.. first.ObjectParts.Parts, .. second.ObjectParts.Parts];
        Assert.False(second.ObjectParts.IsTruncated);
        Assert.Equal([1, 2, 3], parts.Select(p => p.PartNumber!.Value));
        Assert.Equal([PartSize, PartSize, 10L], parts.Select(p => p.Size!.Value));
        Assert.Equal(IndependentChecksums.Base64(ChecksumAlgorithm.CRC32, content.AsSpan(PartSize, PartSize)), parts[1].ChecksumCRC32);
    }

    private static GetObjectAttributesRequest Request(string bucket, int? marker) => new()
    {
        BucketName = bucket,
        Key = "k",
        ObjectAttributes = [ObjectAttributes.Checksum, ObjectAttributes.ObjectParts, ObjectAttributes.ObjectSize],
        MaxParts = 2,
        PartNumberMarker = marker,
    };
}
