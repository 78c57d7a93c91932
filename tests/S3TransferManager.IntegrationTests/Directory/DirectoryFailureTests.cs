using System.Net;
using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>FailurePolicy and cancellation: what is left on disk and what the caller sees.</summary>
[Collection(MotoCollection.Name)]
public sealed class DirectoryFailureTests(MotoServer moto)
{
    private static Fault? DenyKey(RequestRecord r, string key) =>
        r.IsGet && r.Uri.AbsolutePath.EndsWith(key, StringComparison.Ordinal)
            ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied") : null;

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_ContinueOnFailure_DownloadsTheRestAndReportsTheFailure()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(20, "dir"))
        {
            await s3.PutAsync(key, content);
        }

        s3.Handler.FaultRule = r => DenyKey(r, "f0007.bin");
        using TransferUtility utility = s3.CreateUtility();
        var failed = new List<string>();
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy"),
            FailurePolicy = FailurePolicy.ContinueOnFailure,
        };
        request.ObjectDownloadFailedEvent += (_, e) => { lock (failed) { failed.Add(e.ObjectRequest.Key!); } };

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(request)
            .WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(19, response.ObjectsDownloaded);
        Assert.Equal(1, response.ObjectsFailed);
        Assert.Equal(DirectoryResult.PartialSuccess, response.Result);
        Assert.IsType<AmazonS3Exception>(Assert.Single(response.Errors));
        Assert.Equal(["dir/f0007.bin"], failed);
        Assert.Equal(19, System.IO.Directory.GetFiles(s3.PathFor("copy"), "*", SearchOption.AllDirectories).Length);
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_AbortOnFailure_ThrowsTheErrorAndLeavesNoTempFile()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(40, "dir"))
        {
            await s3.PutAsync(key, content);
        }

        s3.Handler.FaultRule = r => DenyKey(r, "f0003.bin");
        using TransferUtility utility = s3.CreateUtility();

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => utility.DownloadDirectoryWithResponseAsync(
            new TransferUtilityDownloadDirectoryRequest { BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy") })
            .WaitAsync(TimeSpan.FromMinutes(1)));

        Assert.Equal("AccessDenied", error.ErrorCode);
        Assert.Empty(System.IO.Directory.GetFiles(s3.PathFor("copy"), "*.s3tmp", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_CancelledWhileAnObjectStalls_ThrowsAndLeavesNoTempFile()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(30, "dir"))
        {
            await s3.PutAsync(key, content);
        }

        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var never = new TaskCompletionSource();
        s3.Handler.FaultRule = r => r.IsGet && r.Uri.AbsolutePath.EndsWith("f0010.bin", StringComparison.Ordinal)
            ? new Fault.Stall(stalled, never.Task) : null;
        using TransferUtility utility = s3.CreateUtility();
        using var cancellation = new CancellationTokenSource();

        Task download = utility.DownloadDirectoryAsync(new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy"),
        }, cancellation.Token);
        await stalled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => download.WaitAsync(TimeSpan.FromSeconds(5)));
        Assert.Empty(System.IO.Directory.GetFiles(s3.PathFor("copy"), "*.s3tmp", SearchOption.AllDirectories));
        Assert.False(File.Exists(Path.Combine(s3.PathFor("copy"), "f0010.bin")));
    }

    [Fact]
    public async Task UploadDirectoryWithResponseAsync_ContinueOnFailure_UploadsTheRestAndReportsTheFailure()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        DirectoryTree.Write(s3.PathFor("source"), DirectoryTree.SmallFiles(10, "up"));
        s3.Handler.FaultRule = r => r.Method == "PUT" && r.Uri.AbsolutePath.EndsWith("f0004.bin", StringComparison.Ordinal)
            ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied") : null;
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadDirectoryResponse response = await utility.UploadDirectoryWithResponseAsync(
            new TransferUtilityUploadDirectoryRequest
            {
                BucketName = s3.BucketName, Directory = s3.PathFor("source"), SearchOption = SearchOption.AllDirectories,
                FailurePolicy = FailurePolicy.ContinueOnFailure,
            }).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(9, response.ObjectsUploaded);
        Assert.Equal(1, response.ObjectsFailed);
        Assert.Equal(9, (await s3.SetupClient.ListObjectsV2Async(new() { BucketName = s3.BucketName })).S3Objects.Count);
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_ListingFailsUnderContinueOnFailure_ThrowsTheListingError()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("dir/a", [1]);
        s3.Handler.FaultRule = r => r.IsGet && r.HasQuery("list-type") ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied") : null;
        using TransferUtility utility = s3.CreateUtility();

        await Assert.ThrowsAsync<AmazonS3Exception>(() => utility.DownloadDirectoryWithResponseAsync(
            new TransferUtilityDownloadDirectoryRequest
            {
                BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy"),
                FailurePolicy = FailurePolicy.ContinueOnFailure,
            }).WaitAsync(TimeSpan.FromMinutes(1)));
    }
}
