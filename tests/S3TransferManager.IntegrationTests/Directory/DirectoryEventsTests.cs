using System.Net;
using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>The directory transfers' own events against moto: initiated before the first request, then completed
/// (with the response) or failed (with the thrown error), exactly once.</summary>
[Collection(MotoCollection.Name)]
public sealed class DirectoryEventsTests(MotoServer moto)
{
    private static readonly TimeSpan s_wait = TimeSpan.FromMinutes(1);

    private static Fault? Deny(RequestRecord r, string method, string key) =>
        r.Method == method && r.Uri.AbsolutePath.EndsWith(key, StringComparison.Ordinal) && !r.HasQuery("list-type")
            ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied") : null;

    [Fact]
    public async Task UploadDirectoryWithResponseAsync_Succeeds_InitiatedBeforeAnyRequestAndCompletedOnceWithTheCounts()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        DirectoryTree.Write(s3.PathFor("source"), DirectoryTree.SmallFiles(12, "up"));
        var request = new TransferUtilityUploadDirectoryRequest
        {
            BucketName = s3.BucketName, Directory = s3.PathFor("source"), SearchOption = SearchOption.AllDirectories,
        };
        var requestsAtInitiated = new List<int>();
        var completed = new List<UploadDirectoryCompletedEventArgs>();
        request.UploadDirectoryInitiatedEvent += (_, _) => requestsAtInitiated.Add(s3.Handler.Requests.Count);
        request.UploadDirectoryCompletedEvent += (_, e) => completed.Add(e);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityUploadDirectoryResponse response = await utility.UploadDirectoryWithResponseAsync(request).WaitAsync(s_wait);

        Assert.Equal([0], requestsAtInitiated);
        UploadDirectoryCompletedEventArgs done = Assert.Single(completed);
        Assert.Same(response, done.Response);
        long bytes = DirectoryTree.SmallFiles(12, "up").Sum(f => (long)f.Item2.Length);
        Assert.Equal((12L, 12L, bytes, bytes), (done.TransferredFiles, done.TotalFiles, done.TransferredBytes, done.TotalBytes));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_Succeeds_InitiatedBeforeTheListingAndCompletedOnceWithTheCounts()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        long bytes = await PutTreeAsync(s3, 15);
        s3.Handler.Reset();
        var request = new TransferUtilityDownloadDirectoryRequest { BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy") };
        var requestsAtInitiated = new List<int>();
        var completed = new List<DownloadDirectoryCompletedEventArgs>();
        request.DownloadDirectoryInitiatedEvent += (_, _) => requestsAtInitiated.Add(s3.Handler.Requests.Count);
        request.DownloadDirectoryCompletedEvent += (_, e) => completed.Add(e);
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(request).WaitAsync(s_wait);

        Assert.Equal([0], requestsAtInitiated);
        DownloadDirectoryCompletedEventArgs done = Assert.Single(completed);
        Assert.Same(response, done.Response);
        Assert.Equal((15L, 15L, bytes, bytes), (done.TransferredFiles, done.TotalFiles, done.TransferredBytes, done.TotalBytes));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_ContinueOnFailureWithAFailure_CompletedOnceAndNeverFailed()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await PutTreeAsync(s3, 10);
        s3.Handler.FaultRule = r => Deny(r, "GET", "f0004.bin");
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy"), FailurePolicy = FailurePolicy.ContinueOnFailure,
        };
        var completed = new List<DownloadDirectoryCompletedEventArgs>();
        int failed = 0;
        request.DownloadDirectoryCompletedEvent += (_, e) => completed.Add(e);
        request.DownloadDirectoryFailedEvent += (_, _) => failed++;
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(request).WaitAsync(s_wait);

        DownloadDirectoryCompletedEventArgs done = Assert.Single(completed);
        Assert.Equal((9L, 1L), (done.Response.ObjectsDownloaded, done.Response.ObjectsFailed));
        Assert.Equal((9L, 10L), (done.TransferredFiles, done.TotalFiles));
        Assert.Equal(0, failed);
        Assert.Equal(1, response.ObjectsFailed);
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_AbortOnFailure_FailedOnceWithTheThrownError()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await PutTreeAsync(s3, 20);
        s3.Handler.FaultRule = r => Deny(r, "GET", "f0003.bin");
        var request = new TransferUtilityDownloadDirectoryRequest { BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy") };
        var failed = new List<DownloadDirectoryFailedEventArgs>();
        int completed = 0;
        request.DownloadDirectoryFailedEvent += (_, e) => failed.Add(e);
        request.DownloadDirectoryCompletedEvent += (_, _) => completed++;
        using TransferUtility utility = s3.CreateUtility();

        AmazonS3Exception thrown = await Assert.ThrowsAsync<AmazonS3Exception>(
            () => utility.DownloadDirectoryWithResponseAsync(request).WaitAsync(s_wait));

        Assert.Same(thrown, Assert.Single(failed).Exception);
        Assert.Equal(0, completed);
    }

    [Fact]
    public async Task UploadDirectoryWithResponseAsync_AbortOnFailure_FailedOnceWithTheThrownError()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        DirectoryTree.Write(s3.PathFor("source"), DirectoryTree.SmallFiles(10, "up"));
        s3.Handler.FaultRule = r => Deny(r, "PUT", "f0004.bin");
        var request = new TransferUtilityUploadDirectoryRequest
        {
            BucketName = s3.BucketName, Directory = s3.PathFor("source"), SearchOption = SearchOption.AllDirectories,
        };
        var failed = new List<UploadDirectoryFailedEventArgs>();
        int completed = 0;
        request.UploadDirectoryFailedEvent += (_, e) => failed.Add(e);
        request.UploadDirectoryCompletedEvent += (_, _) => completed++;
        using TransferUtility utility = s3.CreateUtility();

        AmazonS3Exception thrown = await Assert.ThrowsAsync<AmazonS3Exception>(
            () => utility.UploadDirectoryWithResponseAsync(request).WaitAsync(s_wait));

        Assert.Same(thrown, Assert.Single(failed).Exception);
        Assert.Equal(0, completed);
    }

    [Fact]
    public async Task DownloadDirectoryAsync_CancelledWhileAnObjectStalls_FailedOnceWithTheCancellation()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await PutTreeAsync(s3, 20);
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var never = new TaskCompletionSource();
        s3.Handler.FaultRule = r => r.IsGet && r.Uri.AbsolutePath.EndsWith("f0010.bin", StringComparison.Ordinal)
            ? new Fault.Stall(stalled, never.Task) : null;
        var request = new TransferUtilityDownloadDirectoryRequest { BucketName = s3.BucketName, S3Directory = "dir", LocalDirectory = s3.PathFor("copy") };
        var failed = new List<DownloadDirectoryFailedEventArgs>();
        request.DownloadDirectoryFailedEvent += (_, e) => failed.Add(e);
        using TransferUtility utility = s3.CreateUtility();
        using var cancellation = new CancellationTokenSource();

        Task download = utility.DownloadDirectoryAsync(request, cancellation.Token);
        await stalled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        await cancellation.CancelAsync();

        OperationCanceledException thrown = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => download.WaitAsync(TimeSpan.FromSeconds(5)));
        Assert.Same(thrown, Assert.Single(failed).Exception);
    }

    [Fact]
    public async Task UploadDirectoryAsync_CancelledWhileAFileStalls_FailedOnceWithTheCancellation()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        DirectoryTree.Write(s3.PathFor("source"), DirectoryTree.SmallFiles(20, "up"));
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var never = new TaskCompletionSource();
        s3.Handler.FaultRule = r => r.Method == "PUT" && r.Uri.AbsolutePath.EndsWith("f0010.bin", StringComparison.Ordinal)
            ? new Fault.Stall(stalled, never.Task) : null;
        var request = new TransferUtilityUploadDirectoryRequest
        {
            BucketName = s3.BucketName, Directory = s3.PathFor("source"), SearchOption = SearchOption.AllDirectories,
        };
        var failed = new List<UploadDirectoryFailedEventArgs>();
        request.UploadDirectoryFailedEvent += (_, e) => failed.Add(e);
        using TransferUtility utility = s3.CreateUtility();
        using var cancellation = new CancellationTokenSource();

        Task upload = utility.UploadDirectoryAsync(request, cancellation.Token);
        await stalled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        await cancellation.CancelAsync();

        OperationCanceledException thrown = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => upload.WaitAsync(TimeSpan.FromSeconds(5)));
        Assert.Same(thrown, Assert.Single(failed).Exception);
    }

    private static async Task<long> PutTreeAsync(S3TestContext s3, int count)
    {
        long bytes = 0;
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(count, "dir"))
        {
            await s3.PutAsync(key, content);
            bytes += content.Length;
        }

        return bytes;
    }
}
