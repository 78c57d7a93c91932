using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

public sealed class ListObjectsV2Tests(InMemoryS3Fixture fixture) : IClassFixture<InMemoryS3Fixture>
{
    [Fact]
    public async Task ListObjectsV2_WithPrefix_ReturnsOnlyMatchingKeysInOrder()
    {
        string bucket = SeedKeys("photos/b.jpg", "photos/a.jpg", "docs/c.txt", "photosx");
        using AmazonS3Client client = fixture.CreateClient();

        ListObjectsV2Response response = await client.ListObjectsV2Async(new ListObjectsV2Request { BucketName = bucket, Prefix = "photos/" });

        Assert.Equal(["photos/a.jpg", "photos/b.jpg"], (response.S3Objects ?? []).Select(o => o.Key));
    }

    [Fact]
    public async Task ListObjectsV2_MaxKeys_PagesWithContinuationToken()
    {
        string bucket = SeedKeys("a", "b", "c");
        using AmazonS3Client client = fixture.CreateClient();

        ListObjectsV2Response first = await client.ListObjectsV2Async(new ListObjectsV2Request { BucketName = bucket, MaxKeys = 2 });
        ListObjectsV2Response second = await client.ListObjectsV2Async(
            new ListObjectsV2Request { BucketName = bucket, MaxKeys = 2, ContinuationToken = first.NextContinuationToken });

        Assert.True(first.IsTruncated);
        Assert.Equal(["a", "b"], (first.S3Objects ?? []).Select(o => o.Key));
        Assert.Equal(["c"], (second.S3Objects ?? []).Select(o => o.Key));
        Assert.False(second.IsTruncated);
    }

    [Fact]
    public async Task ListObjectsV2_Delimiter_GroupsCommonPrefixes()
    {
        string bucket = SeedKeys("top.txt", "dir/one", "dir/two");
        using AmazonS3Client client = fixture.CreateClient();

        ListObjectsV2Response response = await client.ListObjectsV2Async(new ListObjectsV2Request { BucketName = bucket, Delimiter = "/" });

        Assert.Equal(["dir/"], response.CommonPrefixes ?? []);
        Assert.Equal(["top.txt"], (response.S3Objects ?? []).Select(o => o.Key));
    }

    [Fact]
    public async Task ListObjectsV2_Object_ReportsSizeAndETag()
    {
        string bucket = fixture.CreateBucket();
        string eTag = fixture.Server.PutObject(bucket, "k", new byte[42]);
        using AmazonS3Client client = fixture.CreateClient();

        ListObjectsV2Response response = await client.ListObjectsV2Async(new ListObjectsV2Request { BucketName = bucket });

        S3Object listed = Assert.Single(response.S3Objects ?? []);
        Assert.Equal(42, listed.Size);
        Assert.Equal(eTag, listed.ETag);
    }

    private string SeedKeys(params string[] keys)
    {
        string bucket = fixture.CreateBucket();
        foreach (string key in keys)
        {
            fixture.Server.PutObject(bucket, key, "x"u8);
        }

        return bucket;
    }
}
