using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

[Collection(ThreadPoolLimitsCollection.Name)]
public sealed class PartBufferManagerStarvationTests
{
    private const int FreeWorkers = 2;

    [Fact]
    public async Task ReadAsync_EightManagersOnTwoFreePoolThreads_AllFinish()
    {
        ThreadPool.GetMinThreads(out int minWorkers, out int minIo);
        ThreadPool.GetMaxThreads(out int maxWorkers, out int maxIo);
        try
        {
            // The test host itself keeps some pool threads blocked (its message loop, the adapter waiting for the
            // run); those are not ours to count. Leave exactly two workers for the transfers.
            ThreadPool.GetAvailableThreads(out int availableWorkers, out _);
            int busyElsewhere = maxWorkers - availableWorkers - (Thread.CurrentThread.IsThreadPoolThread ? 1 : 0);
            int cap = Math.Max(busyElsewhere + FreeWorkers, Environment.ProcessorCount);
            Assert.True(ThreadPool.SetMinThreads(1, minIo));
            Assert.True(ThreadPool.SetMaxThreads(cap, maxIo));
            using var pool = new CountingArrayPool();
            var transfers = new List<Task>();
            var results = new List<(TestParts Parts, Task<byte[]> Read)>();
            for (int i = 0; i < 8; i++)
            {
                int readSize = 7_000 + i;
                var parts = new TestParts(
                    8, (2 * ChunkedBufferStream.ChunkSize) + 11, maxReadSize: 40_000, randomReadSizes: true, yieldOnReads: true, seed: i);
                var manager = new PartBufferManager(8, maxInMemoryParts: 3, pool);
                transfers.AddRange(Enumerable.Range(1, 8).Select(part => Task.Run(() => parts.WaitAndDeliverAsync(manager, part))));
                Task<byte[]> read = Task.Run(async () =>
                {
                    using (manager)
                    {
                        return await PartBufferManagerTests.ReadAllAsync(manager, readSize);
                    }
                });
                transfers.Add(read);
                results.Add((parts, read));
            }

            // A deadlock guard only (a blocked thread would hang the run), not a timing assertion.
            await Task.WhenAll(transfers).WaitAsync(TimeSpan.FromMinutes(2));

            Assert.All(results, result => Assert.Equal(result.Parts.Object, result.Read.Result));
            pool.AssertAllReturned();
        }
        finally
        {
            ThreadPool.SetMaxThreads(maxWorkers, maxIo);
            ThreadPool.SetMinThreads(minWorkers, minIo);
        }
    }
}
