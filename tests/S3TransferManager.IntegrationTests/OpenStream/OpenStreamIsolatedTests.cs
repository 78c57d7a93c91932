using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.OpenStream;

/// <summary>Tests that change or measure process-wide state (the thread pool, GC events) and so run alone.</summary>
[Collection(IsolatedMotoCollection.Name)]
public sealed class OpenStreamIsolatedTests(MotoServer moto)
{
    [Fact]
    public async Task ReadAsync_EightStreamsWithTwoPoolThreads_AllFinish()
    {
        const int streams = 8;
        const int partSize = 64 * 1024;
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var contents = new byte[streams][];
        for (int i = 0; i < streams; i++)
        {
            contents[i] = TestData.Payload(6 * partSize, seed: i);
            await s3.PutAsync($"object-{i}", contents[i]);
        }

        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 4 });
        ThreadPool.GetMinThreads(out int minWorkers, out int minIo);
        ThreadPool.GetMaxThreads(out int maxWorkers, out int maxIo);
        byte[][]? results = null;
        bool starved = false;
        using var done = new ManualResetEventSlim();
        // A starved pool cannot even run the timer of a WaitAsync timeout, so a dedicated thread restores the limits
        // after a deadline: a blocking reader then fails this test instead of hanging the run.
        var watchdog = new Thread(() =>
        {
            if (!done.Wait(TimeSpan.FromSeconds(90)))
            {
                starved = true;
                ThreadPool.SetMaxThreads(maxWorkers, maxIo);
            }
        }) { IsBackground = true, Name = "starvation watchdog" };
        try
        {
            // Two workers for the transfers: any reader that blocked a pool thread while waiting for a part would
            // starve the rest. The test host itself keeps pool threads blocked for good (seen with dotnet-trace:
            // VSTest's message loop in Socket.Poll, xunit's runner in WaitOne), so those are counted and allowed on top.
            ThreadPool.GetAvailableThreads(out int freeWorkers, out _);
            int heldByTestHost = maxWorkers - freeWorkers;
            Assert.True(ThreadPool.SetMinThreads(1, minIo));
            Assert.True(ThreadPool.SetMaxThreads(Math.Max(Environment.ProcessorCount, heldByTestHost + 2), maxIo));
            watchdog.Start();
            var reads = Enumerable.Range(0, streams).Select(async i =>
            {
                await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
                    new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = $"object-{i}", PartSize = partSize, MaxInMemoryParts = 2 });
                return await StreamReading.ReadAllAsync(response.ResponseStream, "7");
            });
            results = await Task.WhenAll(reads).WaitAsync(TimeSpan.FromSeconds(100));
        }
        finally
        {
            done.Set();
            ThreadPool.SetMaxThreads(maxWorkers, maxIo);
            ThreadPool.SetMinThreads(minWorkers, minIo);
        }

        Assert.False(starved, "The transfers starved a thread pool of 2 workers: something blocks a pool thread.");
        for (int i = 0; i < streams; i++)
        {
            Assert.Equal(contents[i], results[i]);
        }
    }

    [Fact]
    public async Task ReadAsync_256MiB_AllocatesNothingOnTheLargeObjectHeap()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(256 * 1024 * 1024);
        string expected = TestData.Sha256(content);
        await s3.PutAsync("large", content);
        content = [];
        using TransferUtility utility = s3.CreateUtility();
        using var hash = System.Security.Cryptography.IncrementalHash.CreateHash(System.Security.Cryptography.HashAlgorithmName.SHA256);
        byte[] buffer = new byte[64 * 1024];

        LohAllocationMonitor.Result loh = await LohAllocationMonitor.MeasureAsync(async () =>
        {
            await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
                new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "large", PartSize = 16 * 1024 * 1024 });
            int read;
            while ((read = await response.ResponseStream.ReadAsync(buffer)) > 0)
            {
                hash.AppendData(buffer, 0, read);
            }
        });

        Assert.True(loh.TickCount == 0, loh.ToString());
        Assert.Equal(expected, Convert.ToHexString(hash.GetHashAndReset()));
    }

    [Fact]
    public async Task DisposeAsync_EarlyDisposal_RaisesNoUnobservedTaskException()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(20 * 64 * 1024));
        var unobserved = new List<Exception>();
        EventHandler<UnobservedTaskExceptionEventArgs> record = (_, e) => { lock (unobserved) { unobserved.Add(e.Exception); } };
        TaskScheduler.UnobservedTaskException += record;
        try
        {
            using TransferUtility utility = s3.CreateUtility();
            for (int i = 0; i < 5; i++)
            {
                TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
                    new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = 64 * 1024 });
                Assert.Equal(1, await response.ResponseStream.ReadAsync(new byte[1]));
                response.Dispose();
                await ((S3TransferManager.Buffering.BufferedMultipartStream)response.ResponseStream).Producers
                    .ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing | ConfigureAwaitOptions.ContinueOnCapturedContext);
            }

            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
        }
        finally
        {
            TaskScheduler.UnobservedTaskException -= record;
        }

        Assert.Empty(unobserved);
    }
}
