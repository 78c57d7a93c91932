using Amazon.S3;
using S3TransferManager.InMemoryS3;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.InMemoryS3;

namespace S3TransferManager.IntegrationTests.Download;

/// <summary>
/// A 1 GiB download to a file at the defaults, from the in-memory endpoint in its own process (Raw profile: no added
/// latency, so parts, requests and the automatic budget move as fast as this machine allows), with the runtime's
/// LOH allocation ticks counted over the whole transfer. moto is too slow for 1 GiB, and an endpoint in this process
/// would put its own allocations in the count.
/// </summary>
[Collection(IsolatedMotoCollection.Name)]
public sealed class LargeDownloadLohTests
{
    private const long Length = 1L << 30;
    private const int PartSize = 8 * 1024 * 1024;

    [Fact]
    public async Task DownloadWithResponseAsync_1GiBRawProfile_AllocatesNothingOnTheLargeObjectHeap()
    {
        await using InMemoryS3Process endpoint = await InMemoryS3Process.StartAsync(new InMemoryS3Options { Profile = InMemoryS3Profile.Raw });
        await endpoint.SeedObjectAsync("bucket", "large", Length, PartSize, seed: 3);
        using AmazonS3Client client = InMemoryS3Fixture.CreateClient(endpoint.ServiceUrl);
        using var utility = new TransferUtility(client);
        string folder = Directory.CreateTempSubdirectory("s3tm-loh-").FullName;
        string path = Path.Combine(folder, "large.bin");
        try
        {
            var request = new TransferUtilityDownloadRequest { BucketName = "bucket", Key = "large", FilePath = path };

            LohAllocationMonitor.Result loh = await LohAllocationMonitor.MeasureAsync(() => utility.DownloadWithResponseAsync(request));

            Assert.True(loh.TickCount == 0, loh.ToString());
            AssertHoldsSeededContent(path, seed: 3);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    /// <summary>Compares the file with the endpoint's generated content, 64 KiB at a time (nothing held whole).</summary>
    private static void AssertHoldsSeededContent(string path, int seed)
    {
        using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 0);
        Assert.Equal(Length, file.Length);
        byte[] actual = new byte[64 * 1024];
        byte[] expected = new byte[64 * 1024];
        for (long offset = 0; offset < Length; offset += actual.Length)
        {
            file.ReadExactly(actual);
            InMemoryS3Content.Fill(expected, offset, seed);
            Assert.True(actual.AsSpan().SequenceEqual(expected), $"the file differs from the object in the 64 KiB at {offset}");
        }
    }
}
