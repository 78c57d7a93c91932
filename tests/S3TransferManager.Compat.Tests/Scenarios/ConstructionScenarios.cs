using Amazon;
using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace CompatScenarios;

// Creating the utility and the objects an app builds by hand (for its own tests and mocks), as code written for
// Amazon.S3.Transfer does; see UploadScenarios.
[Collection(CompatMotoCollection.Name)]
public sealed class ConstructionScenarios(MotoServer moto)
{
    [Fact]
    public void Constructor_KeysAndRegion_TheUtilityMakesAClientForThatRegion()
    {
        using var withRegion = new TransferUtility("access", "secret", RegionEndpoint.USWest2);
        using var withConfig = new TransferUtility("access", "secret", RegionEndpoint.EUWest1, new TransferUtilityConfig { ConcurrentServiceRequests = 4 });

        Assert.Equal("us-west-2", withRegion.S3Client.Config.RegionEndpoint.SystemName);
        Assert.Equal("eu-west-1", withConfig.S3Client.Config.RegionEndpoint.SystemName);
    }

    [Fact]
    public async Task AbortMultipartUploadsAsync_RequestForm_AbortsUploadsStartedBeforeTheDate()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        await bucket.Client.InitiateMultipartUploadAsync(new InitiateMultipartUploadRequest { BucketName = bucket.Name, Key = "left-open" });
        using var transferUtility = new TransferUtility(bucket.Client);

        await transferUtility.AbortMultipartUploadsAsync(new TransferUtilityAbortMultipartUploadRequest
        {
            BucketName = bucket.Name, InitiatedDate = DateTime.UtcNow.AddMinutes(5),
        });

        ListMultipartUploadsResponse after = await bucket.Client.ListMultipartUploadsAsync(new ListMultipartUploadsRequest { BucketName = bucket.Name });
        Assert.Empty(after.MultipartUploads ?? []);
    }

    [Fact]
    public void HandBuiltDirectoryResponses_CountsSet_ReadBack()
    {
        var upload = new TransferUtilityUploadDirectoryResponse { ObjectsUploaded = 3, ObjectsFailed = 0, Result = DirectoryResult.Success };
        var download = new TransferUtilityDownloadDirectoryResponse { ObjectsDownloaded = 2, ObjectsFailed = 1, Result = DirectoryResult.PartialSuccess };

        Assert.Equal((3L, 0L, DirectoryResult.Success), (upload.ObjectsUploaded, upload.ObjectsFailed, upload.Result));
        Assert.Equal((2L, 1L, DirectoryResult.PartialSuccess), (download.ObjectsDownloaded, download.ObjectsFailed, download.Result));
    }
}
