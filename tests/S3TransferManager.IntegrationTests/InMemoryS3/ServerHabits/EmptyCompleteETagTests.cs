using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3.ServerHabits;

/// <summary><see cref="InMemoryS3Options.EmptyETagFromCompleteMultipartUpload"/>: CompleteMultipartUpload answers
/// <c>&lt;ETag&gt;&lt;/ETag&gt;</c>, as Ceph RADOS Gateway 16 does, and still stores the object.</summary>
public sealed class EmptyCompleteETagTests
{
    private const int PartSize = 5 * 1024 * 1024;
    private static readonly InMemoryS3Options s_ceph16 = new() { EmptyETagFromCompleteMultipartUpload = true };

    [Fact]
    public async Task CompleteMultipartUpload_CephHabit_AnswersAnEmptyETagAndStoresTheObject()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_ceph16);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        byte[] content = InMemoryS3Content.Create(PartSize + 10, seed: 1);
        InitiateMultipartUploadResponse initiate = await client.InitiateMultipartUploadAsync(HabitEndpoint.Bucket, "k");
        var parts = new List<PartETag>();
        for (int part = 1; part <= 2; part++)
        {
            int offset = (part - 1) * PartSize;
            UploadPartResponse uploaded = await client.UploadPartAsync(new UploadPartRequest
            {
                BucketName = HabitEndpoint.Bucket, Key = "k", UploadId = initiate.UploadId, PartNumber = part,
                InputStream = new MemoryStream(content, offset, Math.Min(PartSize, content.Length - offset)),
            });
            parts.Add(new PartETag(part, uploaded.ETag));
        }

        CompleteMultipartUploadResponse complete = await client.CompleteMultipartUploadAsync(new CompleteMultipartUploadRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "k", UploadId = initiate.UploadId, PartETags = parts,
        });

        Assert.True(string.IsNullOrEmpty(complete.ETag), $"Complete answered ETag '{complete.ETag}'.");
        GetObjectMetadataResponse head = await client.GetObjectMetadataAsync(HabitEndpoint.Bucket, "k");
        Assert.EndsWith("-2\"", head.ETag, StringComparison.Ordinal);
        Assert.Equal(content, server.GetObjectContent(HabitEndpoint.Bucket, "k"));
    }

    [Fact]
    public async Task UploadWithResponseAsync_CompleteAnsweredWithAnEmptyETag_SucceedsWithTheStoredObjectsETag()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_ceph16);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        using var utility = new TransferUtility(client);
        string path = await HabitEndpoint.CreateFileAsync((4 * PartSize) + 3, seed: 2);
        try
        {
            TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
            {
                BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = path, PartSize = PartSize,
            });

            GetObjectMetadataResponse head = await client.GetObjectMetadataAsync(HabitEndpoint.Bucket, "k");
            Assert.Equal(head.ETag, response.ETag);
            Assert.Equal(await File.ReadAllBytesAsync(path), server.GetObjectContent(HabitEndpoint.Bucket, "k"));
            Assert.Equal(0, server.GetRequestCount(S3Operation.AbortMultipartUpload));
        }
        finally
        {
            HabitEndpoint.DeleteFolderOf(path);
        }
    }

    [Fact]
    public async Task UploadWithResponseAsync_ResumableUploadCompleteAnsweredWithAnEmptyETag_LeavesNoJournal()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_ceph16);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        string path = await HabitEndpoint.CreateFileAsync((3 * PartSize) + 1, seed: 3);
        string journals = Path.Combine(Path.GetDirectoryName(path)!, "journals");
        using var utility = new TransferUtility(client, new TransferUtilityConfig { ResumeTransfers = true, ResumeJournalFolder = journals });
        try
        {
            await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
            {
                BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = path, PartSize = PartSize,
            });

            Assert.Empty(await utility.ListResumableTransfersAsync());
            Assert.Equal(0, server.GetRequestCount(S3Operation.AbortMultipartUpload));
        }
        finally
        {
            HabitEndpoint.DeleteFolderOf(path);
        }
    }
}
