using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using static S3TransferManager.IntegrationTests.Resume.ResumeSetup;

namespace S3TransferManager.IntegrationTests.Resume;

/// <summary>An upload from a file, interrupted and asked for again with resume on: only the parts S3 does not hold are
/// sent, anything that no longer matches is sent again, and the object boto3 reads back is the file.</summary>
[Collection(MotoCollection.Name)]
public sealed class UploadResumeTests(MotoServer moto)
{
    private const int PartSize = 5 * MiB;

    [Fact]
    public async Task UploadWithResponseAsync_CancelledAtPart4ThenAskedAgain_SendsOnlyParts4To8()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        byte[] content = TestData.Payload(40 * MiB);
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility(Config(s3));

        await InterruptAsync(s3, r => IsUploadPart(r, 4), token => utility.UploadWithResponseAsync(Request(s3, path), token));
        Assert.Single(Journals(s3));
        ListMultipartUploadsResponse open = await s3.SetupClient.ListMultipartUploadsAsync(s3.BucketName);
        Assert.Single(open.MultipartUploads);

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(Request(s3, path));

        Assert.Equal(3 * PartSize, response.ResumedBytes);
        Assert.Equal(5 * PartSize, response.TransferredBytes);
        Assert.Empty(response.ResumeRestarts);
        Assert.Equal([4, 5, 6, 7, 8], PartNumbersSent(s3));
        Assert.Equal(0, UploadAssertions.CountCreates(s3.Handler));
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task UploadWithResponseAsync_OnePartOfTheFileChangedBetweenRuns_SendsThatPartAgain()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        byte[] content = TestData.Payload(40 * MiB);
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility(Config(s3));
        await InterruptAsync(s3, r => IsUploadPart(r, 4), token => utility.UploadWithResponseAsync(Request(s3, path), token));

        content[PartSize + 17] ^= 0xFF;
        await File.WriteAllBytesAsync(path, content);
        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(Request(s3, path));

        Assert.Equal(2 * PartSize, response.ResumedBytes);
        Assert.Contains(response.ResumeRestarts, r => r.StartsWith("part 2:", StringComparison.Ordinal));
        Assert.Equal([2, 4, 5, 6, 7, 8], PartNumbersSent(s3));
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task UploadWithResponseAsync_FileGrewBetweenRuns_AbortsTheOldUploadAndStartsOver()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(40 * MiB));
        using TransferUtility utility = s3.CreateUtility(Config(s3));
        await InterruptAsync(s3, r => IsUploadPart(r, 4), token => utility.UploadWithResponseAsync(Request(s3, path), token));

        byte[] longer = TestData.Payload(42 * MiB, seed: 7);
        await File.WriteAllBytesAsync(path, longer);
        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(Request(s3, path));

        Assert.Equal(0, response.ResumedBytes);
        Assert.Contains(response.ResumeRestarts, r => r.Contains("length changed", StringComparison.Ordinal));
        Assert.Equal(1, UploadAssertions.CountCreates(s3.Handler));
        Assert.Equal(TestData.Sha256(longer), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
        await UploadAssertions.AssertAbortedAsync(s3);
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task UploadWithResponseAsync_UploadAbortedBetweenRuns_StartsANewUpload()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        byte[] content = TestData.Payload(40 * MiB);
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility(Config(s3));
        await InterruptAsync(s3, r => IsUploadPart(r, 4), token => utility.UploadWithResponseAsync(Request(s3, path), token));

        await utility.AbortMultipartUploadsAsync(s3.BucketName, DateTime.UtcNow.AddMinutes(1));
        s3.Handler.Reset();
        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(Request(s3, path));

        Assert.Equal(0, response.ResumedBytes);
        Assert.Equal(40 * MiB, response.TransferredBytes);
        Assert.Contains(response.ResumeRestarts, r => r.Contains("is gone", StringComparison.Ordinal));
        Assert.Equal(1, UploadAssertions.CountCreates(s3.Handler));
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task UploadWithResponseAsync_PartRefusedForGood_AbortsAndLeavesNoJournal()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, TestData.Payload(20 * MiB));
        s3.Handler.FaultRule = r => IsUploadPart(r, 2) ? new Fault.Status(System.Net.HttpStatusCode.Forbidden, "AccessDenied") : null;
        using TransferUtility utility = s3.CreateUtility(Config(s3));

        await Assert.ThrowsAsync<Amazon.S3.AmazonS3Exception>(() => utility.UploadWithResponseAsync(Request(s3, path)));

        await UploadAssertions.AssertAbortedAsync(s3);
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task UploadWithResponseAsync_CompleteTookEffectButItsAnswerWasLost_SecondRunSendsNothingAndAnswersWithTheObject()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        byte[] content = TestData.Payload(17 * MiB);
        await File.WriteAllBytesAsync(path, content);
        await UploadWithCompleteAnswerLostAsync(moto, s3, Request(s3, path));
        Assert.Single(Journals(s3));
        string storedETag = (await s3.SetupClient.GetObjectMetadataAsync(s3.BucketName, "k")).ETag;

        using TransferUtility utility = s3.CreateUtility(Config(s3));
        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(Request(s3, path));

        Assert.Equal(content.Length, response.ResumedBytes);
        Assert.Equal(0, response.TransferredBytes);
        Assert.Empty(response.ResumeRestarts);
        Assert.Equal(storedETag, response.ETag);
        Assert.Equal(4, response.PartCount);
        Assert.Empty(PartNumbersSent(s3));
        Assert.DoesNotContain(s3.Handler.Requests, IsComplete);
        Assert.Equal(0, UploadAssertions.CountCreates(s3.Handler));
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task UploadWithResponseAsync_CompletedUploadThenTheObjectOverwritten_StartsOver()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string path = s3.PathFor("f.bin");
        byte[] content = TestData.Payload(17 * MiB);
        await File.WriteAllBytesAsync(path, content);
        await UploadWithCompleteAnswerLostAsync(moto, s3, Request(s3, path));

        // Someone else's object now stands at the key: it is not the recorded upload's, so the file is sent again.
        await s3.PutAsync("k", TestData.Payload(MiB, seed: 3));
        using TransferUtility utility = s3.CreateUtility(Config(s3));
        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(Request(s3, path));

        Assert.Equal(0, response.ResumedBytes);
        Assert.Contains(response.ResumeRestarts, r => r.Contains("is gone", StringComparison.Ordinal));
        Assert.Equal([1, 2, 3, 4], PartNumbersSent(s3));
        Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
    }

    private static TransferUtilityUploadRequest Request(S3TestContext s3, string path) =>
        new() { BucketName = s3.BucketName, Key = "k", FilePath = path, PartSize = PartSize };

    private static int[] PartNumbersSent(S3TestContext s3) =>
        [.. s3.Handler.Requests.Where(r => IsUploadPart(r))
            .Select(r => int.Parse(System.Web.HttpUtility.ParseQueryString(r.Uri.Query)["partNumber"]!, System.Globalization.CultureInfo.InvariantCulture))
            .Order()];
}
