using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.OpenStream;

[Collection(MotoCollection.Name)]
public sealed class OpenStreamTests(MotoServer moto)
{
    private const int PartSize = 64 * 1024;

    public static TheoryData<int, string> SizesAndReadPatterns()
    {
        var data = new TheoryData<int, string>();
        foreach (int size in new[] { 0, 1, PartSize - 1, PartSize, PartSize + 1, (3 * PartSize) + 7 })
        {
            foreach (string pattern in new[] { "1", "7", "65536", "1048576", "random", "sync" })
            {
                data.Add(size, pattern);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(SizesAndReadPatterns))]
    public async Task OpenStreamWithResponseAsync_AnySizeAnyReadPattern_ReadsTheObjectByteForByte(int size, string pattern)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(size);
        string eTag = await s3.PutAsync("object", content, "application/x-test");
        using TransferUtility utility = s3.CreateUtility();

        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize });
        byte[] read = await StreamReading.ReadAllAsync(response.ResponseStream, pattern);

        Assert.Equal(TestData.Sha256(content), TestData.Sha256(read));
        Assert.Equal(size, response.ContentLength);
        Assert.Equal(eTag, response.ETag);
        Assert.Equal("application/x-test", response.ContentType);
        Assert.True(s3.Handler.Requests[0].IsGet, "discovery is a GET, not a HEAD");
        Assert.Equal(size == 0 ? 0 : 1, s3.Handler.Requests.Count(r => r.Method == "HEAD"));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(PartSize)]
    [InlineData((3 * PartSize) + 7)]
    public async Task PipeReader_AnySize_ReadsTheObjectByteForByte(int size)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(size);
        await s3.PutAsync("object", content);
        using TransferUtility utility = s3.CreateUtility();

        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize });
        byte[] read = await StreamReading.ReadAllAsync(response.PipeReader);

        Assert.Equal(TestData.Sha256(content), TestData.Sha256(read));
    }

    [Theory]
    [InlineData("random")]
    [InlineData("pipe")]
    public async Task OpenStreamWithResponseAsync_100MiBWithDefaultParts_ReadsByteForByte(string pattern)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((100 * 1024 * 1024) + 77);
        await s3.PutAsync("large", content);
        string expected = TestData.Sha256(content);
        content = [];
        using TransferUtility utility = s3.CreateRangedUtility();

        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(s3.BucketName, "large");
        byte[] read = pattern == "pipe"
            ? await StreamReading.ReadAllAsync(response.PipeReader)
            : await StreamReading.ReadAllAsync(response.ResponseStream, pattern);

        Assert.Equal(expected, TestData.Sha256(read));
        // The parts shrink toward the end (so the connections finish together): the layout decides how many there are.
        var layout = new S3TransferManager.Parts.PartLayout((100 * 1024 * 1024) + 77, 8 * 1024 * 1024, S3TransferManager.Scheduling.RequestBudget.AutomaticStart);
        Assert.Equal(layout.PartCount, s3.Handler.Gets.Count);
        Assert.All(s3.Handler.Gets.Skip(1), r => Assert.Equal(response.ETag, r.IfMatch));
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_100MiBFromAServerWithNoParts_OneGetOfPart1ByNumberReadToTheEnd()
    {
        // Uploaded in 8 MiB parts, as boto3 and the AWS CLI upload it: moto's whole-object answer to part 1, with that
        // multipart ETag and no part count, is from a server that serves no parts by number, and is read in one request.
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((100 * 1024 * 1024) + 77);
        await CompositeUpload.RunAsync(s3.SetupClient, s3.BucketName, "large", content, 8 * 1024 * 1024);
        string expected = TestData.Sha256(content);
        content = [];
        using TransferUtility utility = s3.CreateUtility();

        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(s3.BucketName, "large");
        byte[] read = await StreamReading.ReadAllAsync(response.ResponseStream, "random");

        // moto answers part 1 by number with the whole object: read to the end, part after part, in that one request.
        Assert.Equal(expected, TestData.Sha256(read));
        // (Its composite checksum's parts are asked for with GetObjectAttributes, a GET of ?attributes.)
        RequestRecord only = Assert.Single(s3.Handler.Gets, r => !r.Uri.Query.Contains("attributes", StringComparison.Ordinal));
        Assert.EndsWith("?partNumber=1", only.Uri.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_SecondPartArrivesLast_StillReadsInOrder()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(4 * PartSize);
        await s3.PutAsync("object", content);
        string part2 = $"bytes={PartSize}-{(2 * PartSize) - 1}";
        string part4 = $"bytes={3 * PartSize}-{(4 * PartSize) - 1}";
        var part2Sent = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var part4Finished = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var order = new System.Collections.Concurrent.ConcurrentQueue<string>();
        s3.Handler.FaultRule = r => r.Range == part2 ? new Fault.Stall(part2Sent, part4Finished.Task) : null;
        s3.Handler.OnFinished = r =>
        {
            order.Enqueue(r.Range ?? "");
            if (r.Range == part4)
            {
                part4Finished.TrySetResult();
            }
        };
        using TransferUtility utility = s3.CreateRangedUtility();

        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize });
        byte[] read = await StreamReading.ReadAllAsync(response.ResponseStream, "65536");

        Assert.Equal(content, read);
        var finished = order.ToList();
        Assert.True(finished.IndexOf(part4) < finished.IndexOf(part2), string.Join(" | ", finished));
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_MaxInMemoryParts_BoundsPooledBytesWhileTheReaderStalls()
    {
        const int maxParts = 3;
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(10 * PartSize);
        await s3.PutAsync("object", content);
        using var pool = new CountingArrayPool();
        int finished = 0;
        var windowFilled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        s3.Handler.OnFinished = _ =>
        {
            // Parts 2..maxParts are buffered and their requests finished; part 1 stays open for the stalled reader.
            if (Interlocked.Increment(ref finished) == maxParts - 1)
            {
                windowFilled.TrySetResult();
            }
        };
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 4 };
        var request = new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize, MaxInMemoryParts = maxParts };
        var command = new S3TransferManager.Download.OpenStreamCommand(new S3TransferManager.TransferResources(
            s3.Client, config, Microsoft.Extensions.Logging.Abstractions.NullLogger.Instance, pool, tuning: new EngineTuning { OpenByPartNumber = false }),
            request);

        TransferUtilityOpenStreamResponse response = await command.ExecuteAsync(CancellationToken.None);
        byte[] first = new byte[1];
        Assert.Equal(1, await response.ResponseStream.ReadAsync(first));
        await windowFilled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        int requestsWhileStalled = s3.Handler.Gets.Count;
        long bound = ((long)maxParts * PartSize) + (config.ConcurrentServiceRequests!.Value * 64L * 1024);
        long peakWhileStalled = pool.MaxOutstandingBytes;
        byte[] rest = await StreamReading.ReadAllAsync(response.ResponseStream, "65536");
        await response.DisposeAsync();

        Assert.Equal(maxParts, requestsWhileStalled);
        Assert.InRange(peakWhileStalled, 1, bound);
        Assert.InRange(pool.MaxOutstandingBytes, 1, bound);
        Assert.Equal(content, (byte[])[first[0], .. rest]);
        pool.AssertAllReturned();
    }
}
