using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Resume;
using static S3TransferManager.IntegrationTests.RealServer.RealServerContext;

namespace S3TransferManager.IntegrationTests.RealServer;

/// <summary>Resume against the real server: an upload and a download cancelled at their fourth part and asked for
/// again send or fetch only what is missing (one request at a time, so the parts before the fourth are done).</summary>
[Trait("Category", "RealServer")]
public sealed class RealServerResumeTests
{
    private const int PartSize = 5 * MiB;

    [RealServerFact(UnsupportedOn = "s3rver", Unsupported = ServerLimits.S3rverListParts)]
    public async Task UploadWithResponseAsync_CancelledAtPart4ThenAskedAgain_ResumesFromPart4()
    {
        await using RealServerContext s3 = await CreateAsync();
        byte[] content = TestData.Payload(40 * MiB, seed: 8);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, content);
        using var utility = new TransferUtility(s3.Client, Config(s3));
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "f.bin", FilePath = path, PartSize = PartSize };

        await ResumeSetup.InterruptAsync(s3.Handler, r => r.Method == "PUT" && r.HasQuery("uploadId") && r.Uri.Query.Contains("partNumber=4", StringComparison.Ordinal),
            token => utility.UploadWithResponseAsync(request, token));
        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(request);

        Assert.Equal(3 * PartSize, response.ResumedBytes);
        Assert.Equal(TestData.Sha256(content), TestData.Sha256(await s3.ReadAsync("f.bin")));
        await s3.AssertNoOpenUploadsAsync();
    }

    [RealServerFact]
    public async Task DownloadWithResponseAsync_CancelledAtPart4ThenAskedAgain_ResumesFromPart4()
    {
        await using RealServerContext s3 = await CreateAsync();
        byte[] content = TestData.Payload(40 * MiB, seed: 9);
        // Parts of the uploader's size, so the parts are the same whichever way the server answers the first GET of part
        // 1 by number: with that part (AWS), refused so a range follows (Swift), or with the whole object and no part
        // count (Ceph 16, moto), which is read on in one request. That one breaks off after part 3 here, and is read on
        // from part 4 with a range, which is stalled like a GET of part 4 of its own.
        const int UploadedPartSize = 8 * MiB;
        await s3.PutMultipartAsync("big.bin", content, UploadedPartSize);
        string path = s3.PathFor("big.bin");
        using var utility = new TransferUtility(s3.Client, Config(s3));
        var request = new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "big.bin", FilePath = path, PartSize = UploadedPartSize };

        await ResumeSetup.InterruptAsync(s3.Handler, r => r.Method == "GET" && IsPart4(r), token => utility.DownloadWithResponseAsync(request, token),
            otherwise: r => r.Method == "GET" && r.Uri.Query.Contains("partNumber=1", StringComparison.Ordinal) ? new Fault.ResetAfter(3 * UploadedPartSize) : null);
        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(request);

        Assert.Equal(3 * UploadedPartSize, response.ResumedBytes);
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(path));
    }

    private static bool IsPart4(RequestRecord r) =>
        r.Range is { } range ? range.StartsWith($"bytes={3 * 8 * MiB}-", StringComparison.Ordinal) : r.Uri.Query.Contains("partNumber=4", StringComparison.Ordinal);

    private static TransferUtilityConfig Config(RealServerContext s3) => new()
    {
        ResumeTransfers = true,
        ResumeJournalFolder = s3.PathFor("journals"),
        ConcurrentServiceRequests = 1,
    };
}
