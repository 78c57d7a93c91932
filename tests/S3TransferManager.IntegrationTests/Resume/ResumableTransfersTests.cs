using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using static S3TransferManager.IntegrationTests.Resume.ResumeSetup;

namespace S3TransferManager.IntegrationTests.Resume;

/// <summary>Listing what earlier runs left to resume, discarding it, and expiring journals left unused. Downloads open
/// with a range, so that one can be stopped between its parts (moto answers part 1 by number with the whole object).</summary>
[Collection(MotoCollection.Name)]
public sealed class ResumableTransfersTests(MotoServer moto)
{
    private const int PartSize = 5 * MiB;

    [Fact]
    public async Task ListAndDiscard_InterruptedUpload_ListedWithItsUploadThenAbortedAndForgotten()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(40 * MiB));
        using TransferUtility utility = s3.CreateRangedUtility(Config(s3));
        await InterruptAsync(s3, r => IsUploadPart(r, 4), token => utility.UploadWithResponseAsync(Upload(s3, path), token));
        ListMultipartUploadsResponse open = await s3.SetupClient.ListMultipartUploadsAsync(s3.BucketName);

        ResumableTransfer transfer = Assert.Single(await utility.ListResumableTransfersAsync());

        Assert.Equal(ResumableTransferKind.Upload, transfer.Kind);
        Assert.Equal((s3.BucketName, "k", path), (transfer.BucketName, transfer.Key, transfer.LocalPath));
        Assert.Equal(Assert.Single(open.MultipartUploads).UploadId, transfer.UploadId);
        Assert.Equal((40L * MiB, 3L * PartSize), (transfer.TotalBytes, transfer.CompletedBytes));

        Assert.True(await utility.DiscardResumableTransferAsync(transfer));

        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
        Assert.Empty(await utility.ListResumableTransfersAsync());
        TransferUtilityUploadResponse again = await utility.UploadWithResponseAsync(Upload(s3, path));
        Assert.Equal((0L, 0), (again.ResumedBytes, again.ResumeRestarts.Count));
    }

    [Fact]
    public async Task ListAndDiscard_InterruptedDownload_ListedThroughItsIndexThenTemporaryFileDeleted()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("k", TestData.Payload(40 * MiB));
        string path = s3.PathFor("out.bin");
        using TransferUtility utility = new(s3.Client, Config(s3), null, new EngineTuning { DownloadLookahead = false, OpenByPartNumber = false });
        await InterruptAsync(s3, r => r.IsGet && r.Range == $"bytes={3 * PartSize}-{(4 * PartSize) - 1}",
            token => utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
            {
                BucketName = s3.BucketName, Key = "k", FilePath = path, PartSize = PartSize,
            }, token));

        ResumableTransfer transfer = Assert.Single(await utility.ListResumableTransfersAsync());

        Assert.Equal((ResumableTransferKind.Download, path, 3L * PartSize), (transfer.Kind, transfer.LocalPath, transfer.CompletedBytes));
        Assert.True(await utility.DiscardResumableTransferAsync(transfer));
        Assert.Empty(Directory.GetFiles(s3.Folder));
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task ListResumableTransfersAsync_JournalUnusedPastTheExpiry_AbortsItsUploadAndForgetsIt()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await LeaveAnUploadUnusedPastTheExpiryAsync(s3);
        using TransferUtility later = s3.CreateRangedUtility(Config(s3));

        Assert.Empty(await later.ListResumableTransfersAsync());

        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task UploadWithResponseAsync_SameUploadAlreadyRunning_RunsWithoutAJournalAndLeavesTheOtherAlone()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        byte[] content = TestData.Payload(20 * MiB);
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateRangedUtility(Config(s3));
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var release = new TaskCompletionSource();
        s3.Handler.FaultRule = r => IsUploadPart(r, 2) && !stalled.Task.IsCompleted ? new Fault.Stall(stalled, release.Task) : null;
        Task<TransferUtilityUploadResponse> held = utility.UploadWithResponseAsync(Upload(s3, path));
        await stalled.Task.WaitAsync(TimeSpan.FromSeconds(30));

        TransferUtilityUploadResponse second = await utility.UploadWithResponseAsync(Upload(s3, path));
        release.SetResult();
        TransferUtilityUploadResponse first = await held.WaitAsync(TimeSpan.FromSeconds(30));

        Assert.Equal((0L, 0L), (first.ResumedBytes, second.ResumedBytes));
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task DiscardAndExpire_UploadOfAnotherEndpoint_LeftWithItsUploadOpen()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await LeaveAnUploadUnusedPastTheExpiryAsync(s3);
        // The same server under another name: to the journal, another endpoint, where the upload cannot be found.
        var elsewhere = new UriBuilder(moto.ServiceUrl) { Host = "localhost" }.Uri;
        using Amazon.S3.AmazonS3Client otherClient = S3TestContext.CreateClient(elsewhere, null);
        using TransferUtility other = new(otherClient, Config(s3));

        ResumableTransfer transfer = Assert.Single(await other.ListResumableTransfersAsync());
        InvalidOperationException refused = await Assert.ThrowsAsync<InvalidOperationException>(() => other.DiscardResumableTransferAsync(transfer));

        Assert.NotEqual(elsewhere.ToString(), transfer.Endpoint);
        Assert.Contains(transfer.Endpoint, refused.Message, StringComparison.Ordinal);
        Assert.Single(Journals(s3));
        ListMultipartUploadsResponse open = await s3.SetupClient.ListMultipartUploadsAsync(s3.BucketName);
        Assert.Equal(transfer.UploadId, Assert.Single(open.MultipartUploads).UploadId);

        using TransferUtility home = s3.CreateRangedUtility(Config(s3));
        Assert.Empty(await home.ListResumableTransfersAsync());
        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
    }

    /// <summary>An upload of a 20 MiB file interrupted at its second part, its journal last used 8 days ago (past the
    /// default expiry of 7).</summary>
    private static async Task LeaveAnUploadUnusedPastTheExpiryAsync(S3TestContext s3)
    {
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(20 * MiB));
        using (TransferUtility first = s3.CreateRangedUtility(Config(s3)))
        {
            await InterruptAsync(s3, r => IsUploadPart(r, 2), token => first.UploadWithResponseAsync(Upload(s3, path), token));
        }

        File.SetLastWriteTimeUtc(Assert.Single(Journals(s3)), DateTime.UtcNow.AddDays(-8));
    }

    private static TransferUtilityUploadRequest Upload(S3TestContext s3, string path) =>
        new() { BucketName = s3.BucketName, Key = "k", FilePath = path, PartSize = PartSize };
}
