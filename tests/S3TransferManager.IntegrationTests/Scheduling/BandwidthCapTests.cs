using System.Diagnostics;
using Amazon.S3;
using S3TransferManager.IntegrationTests.InMemoryS3;

namespace S3TransferManager.IntegrationTests.Scheduling;

/// <summary>Transfers that run alone after the parallel tests: their rate is measured.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class MeasurementCollection
{
    public const string Name = "measurement";
}

/// <summary>
/// <see cref="TransferUtilityConfig.MaxBytesPerSecond"/> measured: 200 MB moved through the in-memory endpoint (which
/// alone moves GB/s on loopback) under a cap of 20 MB/s takes 10 s, within 10%, for one download and for eight transfers
/// (four downloads, four uploads) sharing the cap. A measurement with a tolerance, not a test of the code's speed: the
/// cap can only be missed from below by a machine too busy to move 20 MB/s, and these tests run alone, after the
/// parallel ones. Filter them out with <c>--filter "Category!=Measurement"</c> where that is a risk.
/// </summary>
[Collection(MeasurementCollection.Name)]
[Trait("Category", "Measurement")]
public sealed class BandwidthCapTests(InMemoryS3Fixture fixture, Xunit.Abstractions.ITestOutputHelper output) : IClassFixture<InMemoryS3Fixture>
{
    private const long Cap = 20_000_000;
    private const int Total = 200_000_000;

    [Fact]
    public async Task OpenStream_OneTransferUnderTheCap_MovesTwentyMegabytesASecondWithinTenPercent()
    {
        string bucket = fixture.CreateBucket();
        fixture.Server.PutObject(bucket, "big.bin", Total, static (span, offset) => span.Fill((byte)offset));
        using AmazonS3Client client = fixture.CreateClient();
        using var utility = new TransferUtility(client, new TransferUtilityConfig { MaxBytesPerSecond = Cap });

        var clock = Stopwatch.StartNew();
        long read = await ReadToEndAsync(utility, bucket, "big.bin");
        clock.Stop();

        Assert.Equal(Total, read);
        AssertRateNearTheCap(read, clock.Elapsed);
    }

    [Fact]
    public async Task DownloadsAndUploads_EightAtOnceUnderOneCap_TogetherMoveTwentyMegabytesASecondWithinTenPercent()
    {
        const int each = Total / 8;
        string bucket = fixture.CreateBucket();
        for (int i = 0; i < 4; i++)
        {
            fixture.Server.PutObject(bucket, $"down-{i}.bin", each, static (span, offset) => span.Fill((byte)offset));
        }

        byte[] upload = new byte[each];
        using AmazonS3Client client = fixture.CreateClient();
        using var utility = new TransferUtility(client, new TransferUtilityConfig { MaxBytesPerSecond = Cap });

        var clock = Stopwatch.StartNew();
        Task<long>[] downloads = [.. Enumerable.Range(0, 4).Select(i => ReadToEndAsync(utility, bucket, $"down-{i}.bin"))];
        Task[] uploads = [.. Enumerable.Range(0, 4).Select(i => utility.UploadAsync(new MemoryStream(upload, writable: false), bucket, $"up-{i}.bin"))];
        await Task.WhenAll([.. downloads, .. uploads]).WaitAsync(TimeSpan.FromMinutes(2));
        clock.Stop();

        Assert.All(downloads, d => Assert.Equal(each, d.Result));
        Assert.All(Enumerable.Range(0, 4), i => Assert.Equal(each, fixture.Server.GetObjectContent(bucket, $"up-{i}.bin")!.Length));
        AssertRateNearTheCap(8L * each, clock.Elapsed);
    }

    private static async Task<long> ReadToEndAsync(TransferUtility utility, string bucket, string key)
    {
        await using Stream stream = await utility.OpenStreamAsync(bucket, key);
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        int read;
        while ((read = await stream.ReadAsync(buffer)) > 0)
        {
            total += read;
        }

        return total;
    }

    private void AssertRateNearTheCap(long bytes, TimeSpan elapsed)
    {
        double rate = bytes / elapsed.TotalSeconds;
        output.WriteLine($"{bytes:N0} bytes in {elapsed.TotalSeconds:0.00} s: {rate / 1e6:0.00} MB/s");
        Assert.True(Math.Abs(rate - Cap) <= Cap * 0.10,
            $"{bytes:N0} bytes in {elapsed.TotalSeconds:0.00} s is {rate / 1e6:0.00} MB/s; the cap is {Cap / 1e6:0} MB/s");
    }
}
