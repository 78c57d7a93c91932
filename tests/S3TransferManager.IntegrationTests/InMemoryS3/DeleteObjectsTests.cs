using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary>DeleteObjects on the in-memory endpoint, through the AWS SDK and through a sync with Delete (which sends
/// its deletes as DeleteObjects batches, or one DeleteObject per key to a server without DeleteObjects).</summary>
public sealed class DeleteObjectsTests
{
    [Fact]
    public async Task DeleteObjects_TwoOfThreeKeys_BothReportedDeletedAndGoneTheThirdKept()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync();
        foreach (string key in new[] { "a", "b c", "d&e" })
        {
            server.PutObject("bucket", key, new byte[3]);
        }

        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);

        DeleteObjectsResponse response = await client.DeleteObjectsAsync(new DeleteObjectsRequest
        {
            BucketName = "bucket",
            Objects = [new KeyVersion { Key = "a" }, new KeyVersion { Key = "d&e" }],
        });

        Assert.Equal(["a", "d&e"], response.DeletedObjects.Select(d => d.Key).Order(StringComparer.Ordinal));
        ListObjectsV2Response left = await client.ListObjectsV2Async(new ListObjectsV2Request { BucketName = "bucket" });
        Assert.Equal(["b c"], left.S3Objects.Select(o => o.Key));
        Assert.Equal(1, server.GetRequestCount(S3Operation.DeleteObjects));
    }

    [Fact]
    public async Task SyncWithResponseAsync_DeleteAgainstTheEndpoint_OneDeleteObjectsRequest()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync();
        string folder = Directory.CreateTempSubdirectory("inmemory-sync-delete-").FullName;
        try
        {
            await File.WriteAllBytesAsync(Path.Combine(folder, "keep.txt"), new byte[3]);
            foreach (string key in new[] { "p/keep.txt", "p/old-1.txt", "p/old-2.txt" })
            {
                server.PutObject("bucket", key, new byte[3]);
            }

            using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);
            using var utility = new TransferUtility(client);

            TransferUtilitySyncResponse response = await utility.SyncWithResponseAsync(new TransferUtilitySyncRequest
            {
                SourceDirectory = folder, DestinationBucket = "bucket", DestinationPrefix = "p", Delete = true,
            });

            Assert.Equal((2L, 0L), (response.ObjectsDeleted, response.ObjectsFailed));
            ListObjectsV2Response left = await client.ListObjectsV2Async(new ListObjectsV2Request { BucketName = "bucket" });
            Assert.Equal(["p/keep.txt"], left.S3Objects.Select(o => o.Key));
            Assert.Equal((1, 0), (server.GetRequestCount(S3Operation.DeleteObjects), server.GetRequestCount(S3Operation.DeleteObject)));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task DeleteObjects_EndpointWithoutIt_400NotImplementedAsGoogleCloudStorageAnswers()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { SupportsDeleteObjects = false });
        server.PutObject("bucket", "a", new byte[3]);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => client.DeleteObjectsAsync(new DeleteObjectsRequest
        {
            BucketName = "bucket", Objects = [new KeyVersion { Key = "a" }],
        }));

        Assert.Equal((System.Net.HttpStatusCode.BadRequest, "NotImplemented"), (error.StatusCode, error.ErrorCode));
        ListObjectsV2Response left = await client.ListObjectsV2Async(new ListObjectsV2Request { BucketName = "bucket" });
        Assert.Equal(["a"], left.S3Objects.Select(o => o.Key));
    }

    [Fact]
    public async Task SyncWithResponseAsync_DeleteAgainstAnEndpointWithoutDeleteObjects_EachKeyDeletedOnItsOwn()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { SupportsDeleteObjects = false });
        string folder = Directory.CreateTempSubdirectory("inmemory-sync-delete-one-").FullName;
        try
        {
            await File.WriteAllBytesAsync(Path.Combine(folder, "keep.txt"), new byte[3]);
            foreach (string key in new[] { "p/keep.txt", "p/old-1.txt", "p/old-2.txt", "p/sub/old 3.txt" })
            {
                server.PutObject("bucket", key, new byte[3]);
            }

            using AmazonS3Client client = InMemoryS3Fixture.CreateClient(server.ServiceUrl);
            using var utility = new TransferUtility(client);

            TransferUtilitySyncResponse response = await utility.SyncWithResponseAsync(new TransferUtilitySyncRequest
            {
                SourceDirectory = folder, DestinationBucket = "bucket", DestinationPrefix = "p", Delete = true,
            });

            Assert.Equal((3L, 0L, DirectoryResult.Success), (response.ObjectsDeleted, response.ObjectsFailed, response.Result));
            ListObjectsV2Response left = await client.ListObjectsV2Async(new ListObjectsV2Request { BucketName = "bucket" });
            Assert.Equal(["p/keep.txt"], left.S3Objects.Select(o => o.Key));
            Assert.Equal((1, 3), (server.GetRequestCount(S3Operation.DeleteObjects), server.GetRequestCount(S3Operation.DeleteObject)));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
