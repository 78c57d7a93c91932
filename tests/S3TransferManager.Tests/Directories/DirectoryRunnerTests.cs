using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using S3TransferManager.Directories;

namespace S3TransferManager.Tests.Directories;

public sealed class DirectoryRunnerTests
{
    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(10);

    [Fact]
    public async Task RunAsync_WithSize_StartsTheLargestOfTheLookaheadFirst()
    {
        long[] sizes = [1, 7, 3, 9, 5, 2];
        var allProduced = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var started = new ConcurrentQueue<long>();
        var runner = new DirectoryRunner<long>(workers: 1, FailurePolicy.AbortOnFailure, lookahead: 10, size: static item => item);

        // The one worker holds its first item until every item was found, so the rest wait in the look-ahead together.
        await runner.RunAsync(token => ProduceAsync(sizes, allProduced, token), async (item, _) =>
        {
            started.Enqueue(item);
            await allProduced.Task.WaitAsync(s_bound);
        }, CancellationToken.None).WaitAsync(s_bound);

        long first = started.First();
        Assert.Equal([first, .. sizes.Where(s => s != first).OrderDescending()], started);
    }

    [Fact]
    public async Task RunAsync_WorkersBusy_ProducesNoMoreThanWorkersPlusLookaheadPlusOneAhead()
    {
        const int Workers = 2;
        const int Lookahead = 3;
        const int Bound = Workers + Lookahead + 1;
        var gate = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        int finished = 0;
        var finishedAtPull = new ConcurrentDictionary<int, int>();
        var runner = new DirectoryRunner<int>(Workers, FailurePolicy.AbortOnFailure, Lookahead, static item => item);

        async IAsyncEnumerable<int> ProduceCountingAsync([EnumeratorCancellation] CancellationToken token)
        {
            for (int i = 1; i <= 20; i++)
            {
                finishedAtPull[i] = Volatile.Read(ref finished);
                if (i == Bound)
                {
                    // The bound reached: the jobs may end now; the next pull must wait for one of them.
                    gate.TrySetResult();
                }

                await Task.CompletedTask;
                token.ThrowIfCancellationRequested();
                yield return i;
            }
        }

        await runner.RunAsync(ProduceCountingAsync, async (_, _) =>
        {
            await gate.Task.WaitAsync(s_bound);
            Interlocked.Increment(ref finished);
        }, CancellationToken.None).WaitAsync(s_bound);

        Assert.Equal(0, finishedAtPull[Bound]);
        Assert.True(finishedAtPull[Bound + 1] >= 1, $"item {Bound + 1} was pulled with {finishedAtPull[Bound + 1]} jobs finished");
        Assert.Equal(20, runner.Succeeded);
    }

    private static async IAsyncEnumerable<long> ProduceAsync(long[] sizes, TaskCompletionSource allProduced,
        [EnumeratorCancellation] CancellationToken token)
    {
        foreach (long size in sizes)
        {
            await Task.Yield();
            token.ThrowIfCancellationRequested();
            yield return size;
        }

        allProduced.TrySetResult();
    }

    [Fact]
    public async Task RunAsync_MoreFailuresThanKept_CountsEveryOneAndKeepsTheFirst()
    {
        int failures = DirectoryRunner<int>.MaxErrorsKept + 500;
        var runner = new DirectoryRunner<int>(workers: 4, FailurePolicy.ContinueOnFailure);

        await runner.RunAsync(token => RangeAsync(failures + 10, token), (item, _) =>
            item < failures ? Task.FromException(new InvalidOperationException($"item {item}")) : Task.CompletedTask,
            CancellationToken.None).WaitAsync(s_bound);

        Assert.Equal(failures, runner.Failed);
        Assert.Equal(10, runner.Succeeded);
        Assert.Equal(DirectoryRunner<int>.MaxErrorsKept, runner.Errors.Count);
    }

    private static async IAsyncEnumerable<int> RangeAsync(int count, [EnumeratorCancellation] CancellationToken token)
    {
        for (int i = 0; i < count; i++)
        {
            await Task.CompletedTask;
            token.ThrowIfCancellationRequested();
            yield return i;
        }
    }
}
