using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Download;

/// <summary>ConcurrentServiceRequests is one budget for everything a utility runs at once, not one per transfer.</summary>
[Collection(MotoCollection.Name)]
public sealed class SharedBudgetTests(MotoServer moto)
{
    private const int PartSize = 256 * 1024;

    [Fact]
    public async Task DownloadWithResponseAsync_ConcurrentBigAndSmallDownloads_NeverExceedTheUtilitysBudget()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] big = TestData.Payload(12 * PartSize);
        await s3.PutAsync("big-1", big);
        await s3.PutAsync("big-2", big);
        await s3.PutAsync("big-3", big);
        for (int i = 0; i < 6; i++)
        {
            await s3.PutAsync($"small-{i}", TestData.Payload(1000 + i));
        }

        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 4 });
        var transfers = new List<Task>();
        for (int i = 1; i <= 3; i++)
        {
            transfers.Add(utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
            {
                BucketName = s3.BucketName, Key = $"big-{i}", FilePath = s3.PathFor($"big-{i}"), PartSize = PartSize,
            }));
        }

        for (int i = 0; i < 6; i++)
        {
            transfers.Add(utility.DownloadWithResponseAsync(s3.PathFor($"small-{i}"), s3.BucketName, $"small-{i}"));
        }

        await Task.WhenAll(transfers).WaitAsync(TimeSpan.FromMinutes(2));

        // One budget of 4 (three budgets would allow 12), set explicitly, so a hard cap.
        Assert.InRange(s3.Handler.MaxInFlight, 2, 4);
        Assert.Equal(TestData.Sha256(big), TestData.Sha256OfFile(s3.PathFor("big-2")));
    }
}
