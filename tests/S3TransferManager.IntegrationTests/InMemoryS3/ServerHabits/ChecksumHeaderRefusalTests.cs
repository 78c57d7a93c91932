using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3.ServerHabits;

/// <summary><see cref="InMemoryS3Options.SupportsChecksumHeaders"/> off: any request with a checksum header is answered
/// 400 InvalidArgument "Unsupported header '...' received for this API call.", as Backblaze B2 answers it.</summary>
public sealed class ChecksumHeaderRefusalTests
{
    private const int PartSize = 5 * 1024 * 1024;
    private static readonly InMemoryS3Options s_b2 = new() { SupportsChecksumHeaders = false };

    [Fact]
    public async Task PutObject_SdkAtItsDefaults_400InvalidArgumentNamingTheChecksumHeader()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_b2);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server);

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => client.PutObjectAsync(new PutObjectRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "k", InputStream = new MemoryStream(new byte[1024]),
        }));

        Assert.Equal((HttpStatusCode.BadRequest, "InvalidArgument"), (error.StatusCode, error.ErrorCode));
        Assert.Matches("^Unsupported header 'x-amz-(checksum-[a-z0-9]+|sdk-checksum-algorithm)' received for this API call\\.$", error.Message);
        Assert.Null(server.GetObjectContent(HabitEndpoint.Bucket, "k"));
    }

    [Fact]
    public async Task PutObject_SdkWithChecksumsWhenRequired_Stored()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_b2);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server, checksumsWhenRequired: true);
        byte[] content = InMemoryS3Content.Create(1024, seed: 3);

        await client.PutObjectAsync(new PutObjectRequest { BucketName = HabitEndpoint.Bucket, Key = "k", InputStream = new MemoryStream(content) });

        Assert.Equal(content, server.GetObjectContent(HabitEndpoint.Bucket, "k"));
    }

    [Fact]
    public async Task GetObject_ChecksumModeEnabled_400InvalidArgument()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_b2);
        server.PutObject(HabitEndpoint.Bucket, "k", [1, 2, 3]);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server, checksumsWhenRequired: true);

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => client.GetObjectAsync(new GetObjectRequest
        {
            BucketName = HabitEndpoint.Bucket, Key = "k", ChecksumMode = ChecksumMode.ENABLED,
        }));

        Assert.Equal((HttpStatusCode.BadRequest, "Unsupported header 'x-amz-checksum-mode' received for this API call."), (error.StatusCode, error.Message));
    }

    [Fact]
    public async Task UploadWithResponseAsync_NoDefaultChecksumAndAClientWithChecksumsWhenRequired_StoresTheFileInParts()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_b2);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server, checksumsWhenRequired: true);
        using var utility = new TransferUtility(client);
        string path = await HabitEndpoint.CreateFileAsync((4 * PartSize) + 5, seed: 4);
        try
        {
            await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
            {
                BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = path, PartSize = PartSize, DisableDefaultChecksumValidation = true,
            });

            Assert.Equal(await File.ReadAllBytesAsync(path), server.GetObjectContent(HabitEndpoint.Bucket, "k"));
            Assert.Equal(5, server.GetRequestCount(S3Operation.UploadPart));
        }
        finally
        {
            HabitEndpoint.DeleteFolderOf(path);
        }
    }

    [Fact]
    public async Task UploadWithResponseAsync_ClientWithChecksumsWhenRequired_StoresTheFileInParts()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_b2);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server, checksumsWhenRequired: true);
        using var utility = new TransferUtility(client);
        string path = await HabitEndpoint.CreateFileAsync((4 * PartSize) + 5, seed: 5);
        try
        {
            await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest { BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = path, PartSize = PartSize });

            Assert.Equal(await File.ReadAllBytesAsync(path), server.GetObjectContent(HabitEndpoint.Bucket, "k"));
        }
        finally
        {
            HabitEndpoint.DeleteFolderOf(path);
        }
    }

    [Fact]
    public async Task UploadWithResponseAsync_OneKibibyteWithAClientWithChecksumsWhenRequired_Stored()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_b2);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server, checksumsWhenRequired: true);
        using var utility = new TransferUtility(client);
        byte[] content = InMemoryS3Content.Create(1024, seed: 6);

        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest { BucketName = HabitEndpoint.Bucket, Key = "k", InputStream = new MemoryStream(content) });

        Assert.Equal(content, server.GetObjectContent(HabitEndpoint.Bucket, "k"));
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ValidationOffAndAClientWithChecksumsWhenRequired_WritesTheFile()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_b2);
        byte[] content = InMemoryS3Content.Create((2 * PartSize) + 9, seed: 8);
        server.PutMultipartObject(HabitEndpoint.Bucket, "k", content, PartSize);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server, checksumsWhenRequired: true);
        using var utility = new TransferUtility(client, new TransferUtilityConfig { ValidateDownloadChecksums = false });
        string folder = Directory.CreateTempSubdirectory("inmemory-habit-").FullName;
        try
        {
            string path = Path.Combine(folder, "k.bin");

            await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest { BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = path, PartSize = PartSize });

            Assert.Equal(content, await File.ReadAllBytesAsync(path));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task DownloadWithResponseAsync_ClientWithChecksumsWhenRequired_WritesTheFile()
    {
        await using InMemoryS3Server server = await HabitEndpoint.StartAsync(s_b2);
        byte[] content = InMemoryS3Content.Create((2 * PartSize) + 7, seed: 7);
        server.PutMultipartObject(HabitEndpoint.Bucket, "k", content, PartSize);
        using AmazonS3Client client = HabitEndpoint.CreateClient(server, checksumsWhenRequired: true);
        using var utility = new TransferUtility(client);
        string folder = Directory.CreateTempSubdirectory("inmemory-habit-").FullName;
        try
        {
            string path = Path.Combine(folder, "k.bin");

            await utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest { BucketName = HabitEndpoint.Bucket, Key = "k", FilePath = path, PartSize = PartSize });

            Assert.Equal(content, await File.ReadAllBytesAsync(path));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
