using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3.ServerHabits;

/// <summary><see cref="InMemoryS3Options.MultipartETagsHavePartCount"/> off: a multipart object's ETag has no
/// <c>-N</c>, as s3rver 3.7 makes it, so it looks like a single PUT's MD5.</summary>
public sealed class PlainMultipartETagTests
{
    private const int PartSize = 5 * 1024 * 1024;
    private static readonly InMemoryS3Options s_s3rver = new() { MultipartETagsHavePartCount = false };

    [Fact]
    public async Task CompleteMultipartUploadAndHead_S3rverHabit_ETagWithoutPartCount()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_s3rver);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        InitiateMultipartUploadResponse initiate = await client.InitiateMultipartUploadAsync(HabitEndpoint.Bucket, "k");
        UploadPartResponse part = await client.UploadPartAsync(new UploadPartRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "k", UploadId = initiate.UploadId, PartNumber = 1, InputStream = new MemoryStream(new byte[10]),
        });

        CompleteMultipartUploadResponse complete = await client.CompleteMultipartUploadAsync(new CompleteMultipartUploadRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "k", UploadId = initiate.UploadId, PartETags = [new PartETag(1, part.ETag)],
        });

        GetObjectMetadataResponse head = await client.GetObjectMetadataAsync(HabitEndpoint.Bucket, "k");
        Assert.Matches("^\"[0-9a-f]{32}\"$", complete.ETag);
        Assert.Equal(complete.ETag, head.ETag);
    }

    [Fact]
    public async Task UploadThenDownload_MultipartWithCrc32AgainstTheS3rverHabit_ByteExact()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_s3rver);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);
        using var utility = new TransferUtility(client);
        string path = await HabitEndpoint.CreateFileAsync((4 * PartSize) + 13, seed: 1);
        try
        {
            await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest { BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = path, PartSize = PartSize });
            string copy = path + ".down";
            TransferUtilityDownloadResponse download = await utility.DownloadWithResponseAsync(
                new TransferUtilityDownloadRequest { BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = copy, PartSize = PartSize });

            Assert.Equal(await File.ReadAllBytesAsync(path), await File.ReadAllBytesAsync(copy));
            Assert.DoesNotContain("-", download.ETag, StringComparison.Ordinal);
        }
        finally
        {
            HabitEndpoint.DeleteFolderOf(path);
        }
    }
}
