using S3TransferManager.IntegrationTests.Infrastructure;
using static S3TransferManager.IntegrationTests.RealServer.RealServerContext;

namespace S3TransferManager.IntegrationTests.RealServer;

/// <summary>Server-side copies on the real server: one CopyObject, and UploadPartCopy parts above 16 MiB.</summary>
[Trait("Category", "RealServer")]
public sealed class RealServerCopyTests
{
    [RealServerFact(UnsupportedOn = "s3rver", Unsupported = ServerLimits.S3rverCopy)]
    public async Task CopyWithResponseAsync_OneKibibyteObject_CopiedByteExact()
    {
        await using RealServerContext s3 = await CreateAsync();
        byte[] content = TestData.Payload(1024, seed: 6);
        await s3.PutAsync("source.bin", content);
        using var utility = new TransferUtility(s3.Client);

        await utility.CopyWithResponseAsync(new TransferUtilityCopyRequest
        {
            SourceBucket = s3.BucketName, SourceKey = "source.bin", DestinationBucket = s3.BucketName, DestinationKey = "copy.bin",
        });

        Assert.Equal(content, await s3.ReadAsync("copy.bin"));
    }

    [RealServerFact(UnsupportedOn = "s3rver,swift",
        Unsupported = ServerLimits.S3rverCopy + "; " + ServerLimits.SwiftCopySourceIfMatch)]
    public async Task CopyWithResponseAsync_FortyMebibyteObject_CopiedInPartsByteExact()
    {
        await using RealServerContext s3 = await CreateAsync();
        byte[] content = TestData.Payload(40 * MiB, seed: 7);
        await s3.PutMultipartAsync("source.bin", content, 8 * MiB);
        using var utility = new TransferUtility(s3.Client);

        TransferUtilityCopyResponse response = await utility.CopyWithResponseAsync(new TransferUtilityCopyRequest
        {
            SourceBucket = s3.BucketName, SourceKey = "source.bin", DestinationBucket = s3.BucketName, DestinationKey = "copy.bin",
        });

        Assert.True(response.PartCount > 1, $"Copied in {response.PartCount} part(s).");
        Assert.Equal(TestData.Sha256(content), TestData.Sha256(await s3.ReadAsync("copy.bin")));
        await s3.AssertNoOpenUploadsAsync();
    }
}
