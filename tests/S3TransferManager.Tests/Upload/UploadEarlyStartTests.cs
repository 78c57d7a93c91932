using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Multipart;
using S3TransferManager.Scheduling;
using S3TransferManager.Upload;
using S3TransferManager.Events;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Upload;

/// <summary>
/// A part whose body has been sent starts the next part while it waits for S3's answer, on a second hold of its own
/// request slot: the budget of slots is never passed, every slot comes back, and a stream's parts are not read further
/// ahead for it.
/// </summary>
public sealed class UploadEarlyStartTests
{
    private const int Budget = 10;
    private static readonly TimeSpan s_wait = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task ExecuteAsync_OddPartsAnswerOnlyOnceTheNextPartStarted_SendsEachNextPartOnTheSameSlot()
    {
        const int Parts = 6;
        var started = new TaskCompletionSource[Parts + 1];
        for (int i = 0; i < started.Length; i++)
        {
            started[i] = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        }

        int mostSlotsLent = 0;
        // One slot and one worker: an even part can start before the odd part before it has its answer only on a
        // second hold of that part's slot, taken when its body was sent.
        var scheduler = new RequestScheduler(1);
        var s3 = new FakeUploadS3(
            beforePart: (request, _) =>
            {
                started[request.PartNumber!.Value].TrySetResult();
                return Task.CompletedTask;
            },
            afterBody: async (request, token) =>
            {
                InterlockedMax(ref mostSlotsLent, scheduler.InFlight);
                if (request.PartNumber!.Value % 2 == 1)
                {
                    await started[request.PartNumber.Value + 1].Task.WaitAsync(s_wait, token);
                }
            });

        TransferUtilityUploadResponse response = await RunAsync(s3, scheduler, new FakePartSource(Parts, buffersParts: false), workers: 1);

        Assert.Equal(Parts, response.PartCount);
        Assert.Equal(1, mostSlotsLent);
        Assert.Equal(0, scheduler.InFlight);
    }

    [Fact]
    public async Task ExecuteAsync_BufferedParts_ReadOnlyOnePartAheadOfTheWorkers()
    {
        const int Parts = 3 * Budget;
        int mostBodiesRead = 0;
        var source = new FakePartSource(Parts, buffersParts: true);
        var s3 = new FakeUploadS3(afterBody: (_, _) =>
        {
            // Parts read so far, less those finished (each finished part is disposed after its answer).
            InterlockedMax(ref mostBodiesRead, source.Bodies.Count(body => !body.IsDisposed));
            return Task.CompletedTask;
        });

        await RunAsync(s3, new RequestScheduler(Budget), source, Budget);

        Assert.InRange(mostBodiesRead, 1, Budget + 1);
    }

    [Fact]
    public async Task ExecuteAsync_PartBodySent_CountsItsBytesBeforeItsAnswer()
    {
        const int Parts = 3;
        var progress = new ProgressTracker(null);
        var countedBeforeAnswer = new List<long>();
        var s3 = new FakeUploadS3(afterBody: (_, _) =>
        {
            // One worker and one slot that carries no early request: the parts go one after the other, so every part
            // before this one has been answered.
            countedBeforeAnswer.Add(progress.TransferredBytes);
            return Task.CompletedTask;
        });

        await RunAsync(s3, new RequestScheduler(1, allowSharedSlots: false), new FakePartSource(Parts, buffersParts: true), workers: 1, progress);

        Assert.Equal([4L, 8L, 12L], countedBeforeAnswer);
        Assert.Equal(12, progress.TransferredBytes);
    }

    // A scheduler built as for a budget not set explicitly: a slot may carry an early request.
    private static async Task<TransferUtilityUploadResponse> RunAsync(FakeUploadS3 s3, RequestScheduler scheduler, IPartSource source, int workers,
        ProgressTracker? progress = null)
    {
        var request = new TransferUtilityUploadRequest { BucketName = "b", Key = "k", InputStream = Stream.Null };
        request.Validate();
        using TransferLane lane = scheduler.OpenLane();
        var resources = new TransferResources(s3.Mock.Object, new TransferUtilityConfig { ConcurrentServiceRequests = workers }.Validated(), NullLogger.Instance);
        var command = new MultipartUploadCommand(new UploadContext(resources, lane, request, progress ?? new ProgressTracker(null)));
        return await command.ExecuteAsync(source, 4, CancellationToken.None).WaitAsync(s_wait);
    }

    private static void InterlockedMax(ref int most, int value)
    {
        int seen = Volatile.Read(ref most);
        while (value > seen && Interlocked.CompareExchange(ref most, value, seen) is var previous && previous != seen)
        {
            seen = previous;
        }
    }
}
