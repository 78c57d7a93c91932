using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Download;

[Collection(MotoCollection.Name)]
public sealed class DownloadValidationTests(MotoServer moto)
{
    public static TheoryData<string, Action<TransferUtilityDownloadRequest, string>> BadRequests => new()
    {
        { "null bucket", (r, _) => r.BucketName = null },
        { "empty bucket", (r, _) => r.BucketName = "" },
        { "null key", (r, _) => r.Key = null },
        { "empty key", (r, _) => r.Key = "" },
        { "blank bucket", (r, _) => r.BucketName = " \t" },
        { "blank key", (r, _) => r.Key = "   " },
        { "null path", (r, _) => r.FilePath = null },
        { "blank path", (r, _) => r.FilePath = "  " },
        { "path is a folder", (r, folder) => r.FilePath = folder },
        { "path ends in a separator", (r, folder) => r.FilePath = Path.Combine(folder, "sub") + Path.DirectorySeparatorChar },
        { "part size 0", (r, _) => r.PartSize = 0 },
        { "part size 1 byte", (r, _) => r.PartSize = 1 },
        { "part size just under 64 KiB", (r, _) => r.PartSize = (64 * 1024) - 1 },
        { "part size above 5 GiB", (r, _) => r.PartSize = (5L * 1024 * 1024 * 1024) + 1 },
    };

    [Theory]
    [MemberData(nameof(BadRequests))]
    public async Task DownloadWithResponseAsync_BadInput_ThrowsArgumentExceptionBeforeAnyRequest(string name, Action<TransferUtilityDownloadRequest, string> spoil)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var request = new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "k", FilePath = s3.PathFor("f") };
        spoil(request, s3.Folder);
        using TransferUtility utility = s3.CreateUtility();

        var error = await Assert.ThrowsAnyAsync<ArgumentException>(() => utility.DownloadWithResponseAsync(request));

        Assert.False(string.IsNullOrEmpty(error.ParamName), name);
        Assert.Empty(s3.Handler.Requests);
    }
}
