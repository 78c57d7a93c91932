using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary>The endpoint's moto style (<see cref="InMemoryS3ChecksumStyle.Moto"/>), read through the AWS SDK: a HEAD
/// sends a composite checksum bare, a whole-object GET keeps its <c>-N</c> and type, GetObjectAttributes lists no parts.</summary>
public sealed class MotoChecksumStyleTests(MotoStyleInMemoryS3Fixture fixture) : IClassFixture<MotoStyleInMemoryS3Fixture>
{
    private const int PartSize = 5 * 1024 * 1024;

    [Fact]
    public async Task HeadObject_CompositeChecksum_SendsTheValueWithoutItsSuffixOrType()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create((2 * PartSize) + 10, seed: 51);
        using AmazonS3Client client = fixture.CreateClient();
        await CompositeUpload.RunAsync(client, bucket, "k", content, PartSize);

        GetObjectMetadataResponse head = await client.GetObjectMetadataAsync(
            new GetObjectMetadataRequest { BucketName = bucket, Key = "k", ChecksumMode = ChecksumMode.ENABLED });

        string composite = IndependentChecksums.Composite(ChecksumAlgorithm.CRC32, content, PartSize);
        Assert.Equal(composite[..^2], head.ChecksumCRC32);
        Assert.Null(head.ChecksumType);
        Assert.EndsWith("-3", head.ETag.Trim('"'), StringComparison.Ordinal);
    }

    [Fact]
    public async Task GetObject_WholeObjectWithChecksumMode_KeepsTheSuffixAndType()
    {
        string bucket = fixture.CreateBucket();
        byte[] content = InMemoryS3Content.Create(PartSize + 10, seed: 52);
        using AmazonS3Client client = fixture.CreateClient();
        await CompositeUpload.RunAsync(client, bucket, "k", content, PartSize);

        using GetObjectResponse get = await client.GetObjectAsync(new GetObjectRequest { BucketName = bucket, Key = "k", ChecksumMode = ChecksumMode.ENABLED });

        Assert.Equal((IndependentChecksums.Composite(ChecksumAlgorithm.CRC32, content, PartSize), ChecksumType.COMPOSITE), (get.ChecksumCRC32, get.ChecksumType));
    }

    [Fact]
    public async Task GetObjectAttributes_CompositeObject_StatesTheTypeButListsNoParts()
    {
        string bucket = fixture.CreateBucket();
        using AmazonS3Client client = fixture.CreateClient();
        await CompositeUpload.RunAsync(client, bucket, "k", InMemoryS3Content.Create((2 * PartSize) + 10, seed: 53), PartSize);

        GetObjectAttributesResponse attributes = await client.GetObjectAttributesAsync(new GetObjectAttributesRequest
        {
            BucketName = bucket, Key = "k", ObjectAttributes = [ObjectAttributes.Checksum, ObjectAttributes.ObjectParts],
        });

        Assert.Equal(ChecksumType.COMPOSITE, attributes.Checksum.ChecksumType);
        Assert.Null(attributes.ObjectParts);
    }
}
