using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;

namespace CompatScenarios;

// Older, synchronous app code, as written for Amazon.S3.Transfer; see UploadScenarios.
[Collection(CompatMotoCollection.Name)]
public sealed class SyncScenarios(MotoServer moto)
{
    [Fact]
    public async Task UploadDownloadOpenStream_SynchronousForms_RoundTripTheBytes()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Payload(50_000);
        ITransferUtility transferUtility = new TransferUtility(bucket.Client);

        transferUtility.Upload(new MemoryStream(content), bucket.Name, "k");
        transferUtility.Download(bucket.PathFor("k.bin"), bucket.Name, "k");
        var read = new MemoryStream();
        using (Stream stream = transferUtility.OpenStream(bucket.Name, "k"))
        {
            stream.CopyTo(read);
        }

        transferUtility.Dispose();
        Assert.Equal(content, File.ReadAllBytes(bucket.PathFor("k.bin")));
        Assert.Equal(content, read.ToArray());
    }

    [Fact]
    public async Task UploadDirectoryDownloadDirectory_SynchronousForms_MirrorTheTree()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string source = Directory.CreateDirectory(bucket.PathFor("src")).FullName;
        Directory.CreateDirectory(Path.Combine(source, "sub"));
        File.WriteAllText(Path.Combine(source, "a.txt"), "a");
        File.WriteAllText(Path.Combine(source, "sub", "b.txt"), "b");
        File.WriteAllText(Path.Combine(source, "skip.log"), "no");
        using var transferUtility = new TransferUtility(bucket.Client);

        transferUtility.UploadDirectory(new TransferUtilityUploadDirectoryRequest
        {
            BucketName = bucket.Name, Directory = source, KeyPrefix = "backup", SearchPattern = "*.txt", SearchOption = SearchOption.AllDirectories,
            StorageClass = S3StorageClass.StandardInfrequentAccess,
        });
        transferUtility.DownloadDirectory(bucket.Name, "backup", bucket.PathFor("restored"));

        ListObjectsV2Response listed = await bucket.Client.ListObjectsV2Async(new ListObjectsV2Request { BucketName = bucket.Name });
        Assert.Equal(["backup/a.txt", "backup/sub/b.txt"], listed.S3Objects.Select(o => o.Key).Order());
        Assert.Equal(S3StorageClass.StandardInfrequentAccess, (await bucket.HeadAsync("backup/sub/b.txt")).StorageClass);
        Assert.Equal("a", File.ReadAllText(bucket.PathFor("restored/a.txt")));
        Assert.Equal("b", File.ReadAllText(bucket.PathFor("restored/sub/b.txt")));
    }

    [Fact]
    public async Task AbortMultipartUploads_SynchronousForm_AbortsOpenUploads()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await bucket.Client.InitiateMultipartUploadAsync(new InitiateMultipartUploadRequest { BucketName = bucket.Name, Key = "left-open" });
        using var transferUtility = new TransferUtility(bucket.Client);

        transferUtility.AbortMultipartUploads(bucket.Name, DateTime.UtcNow.AddMinutes(5));

        ListMultipartUploadsResponse after = await bucket.Client.ListMultipartUploadsAsync(new ListMultipartUploadsRequest { BucketName = bucket.Name });
        Assert.Empty(after.MultipartUploads ?? []);
    }
}
