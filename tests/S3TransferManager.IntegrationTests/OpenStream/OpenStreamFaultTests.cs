using System.Net;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.OpenStream;

/// <summary>Faults on an OpenStream's parts, against moto through a faulting handler. The streams open with a range, so
/// they have parts to fault (moto answers part 1 by number with the whole object).</summary>
[Collection(MotoCollection.Name)]
public sealed class OpenStreamFaultTests(MotoServer moto)
{
    private const int PartSize = 64 * 1024;

    [Fact]
    public async Task ReadAsync_PartFailsForGood_ThrowsPartDownloadExceptionNamingThePartAndKeepsThrowing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(5 * PartSize));
        string part3 = $"bytes={2 * PartSize}-{(3 * PartSize) - 1}";
        s3.Handler.FaultRule = r => r.Range == part3 ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied") : null;
        using TransferUtility utility = s3.CreateRangedUtility();
        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize });

        var error = await Assert.ThrowsAsync<PartDownloadException>(() => StreamReading.ReadAllAsync(response.ResponseStream, "65536"));
        var again = await Assert.ThrowsAsync<PartDownloadException>(async () => _ = await response.ResponseStream.ReadAsync(new byte[10]));

        Assert.Equal(3, error.PartNumber);
        Assert.Contains("part 3", error.Message, StringComparison.Ordinal);
        Assert.IsAssignableFrom<Amazon.S3.AmazonS3Exception>(error.InnerException);
        Assert.Equal(3, again.PartNumber);
    }

    [Fact]
    public async Task ReadAsync_ObjectOverwrittenMidStream_ThrowsPartDownloadExceptionWithObjectModifiedInside()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string eTag = await s3.PutAsync("object", TestData.Payload(4 * PartSize));
        int overwritten = 0;
        s3.Handler.FaultRule = r => r.IsGet && r.IfMatch is not null && Interlocked.Exchange(ref overwritten, 1) == 0
            ? new Fault.Before(() => s3.PutAsync("object", TestData.Payload(4 * PartSize, seed: 9)))
            : null;
        using TransferUtility utility = s3.CreateRangedUtility();
        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize });

        var error = await Assert.ThrowsAsync<PartDownloadException>(() => StreamReading.ReadAllAsync(response.ResponseStream, "65536"));

        var modified = Assert.IsType<ObjectModifiedException>(error.InnerException);
        Assert.Equal(eTag, modified.ExpectedETag);
    }

    [Fact]
    public async Task ReadAsync_BodyResetMidPart_ResumesAndReadsByteForByte()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(4 * PartSize);
        await s3.PutAsync("object", content);
        int faulted = 0;
        s3.Handler.FaultRule = r => r.IsGet && r.IfMatch is not null && Interlocked.Exchange(ref faulted, 1) == 0 ? new Fault.ResetAfter(5000) : null;
        using TransferUtility utility = s3.CreateRangedUtility(new TransferUtilityConfig { InterruptedBodyRetryDelay = TimeSpan.Zero });
        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize });

        byte[] read = await StreamReading.ReadAllAsync(response.ResponseStream, "7");

        Assert.Equal(content, read);
        Assert.Equal(5, s3.Handler.Gets.Count);
    }

    [Fact]
    public async Task DisposeAsync_AfterOneByte_CancelsOutstandingRequestsAndReturnsEveryChunk()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(40 * PartSize));
        using var pool = new CountingArrayPool();
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var never = new TaskCompletionSource();
        string part5 = $"bytes={4 * PartSize}-{(5 * PartSize) - 1}";
        s3.Handler.FaultRule = r => r.Range == part5 ? new Fault.Stall(stalled, never.Task) : null;
        var request = new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize, MaxInMemoryParts = 8 };
        var command = new S3TransferManager.Download.OpenStreamCommand(new S3TransferManager.TransferResources(
            s3.Client, new TransferUtilityConfig { ConcurrentServiceRequests = 4 }, Microsoft.Extensions.Logging.Abstractions.NullLogger.Instance, pool,
            tuning: new EngineTuning { OpenByPartNumber = false }),
            request);
        TransferUtilityOpenStreamResponse response = await command.ExecuteAsync(CancellationToken.None);
        var stream = (S3TransferManager.Buffering.BufferedMultipartStream)response.ResponseStream;

        Assert.Equal(1, await stream.ReadAsync(new byte[1]));
        await stalled.Task.WaitAsync(TimeSpan.FromSeconds(30));
        // Parts 2-4 are not stalled: once one of them is being buffered, the dispose below has chunks to give back.
        // Without this wait the dispose may come before any body arrived, and there is nothing to check.
        await pool.FirstRent.WaitAsync(TimeSpan.FromSeconds(30));
        await response.DisposeAsync();
        await stream.Producers.ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing | ConfigureAwaitOptions.ContinueOnCapturedContext);

        Assert.True(stream.Producers.IsCompleted);
        Assert.Equal(0, s3.Handler.InFlight);
        Assert.True(s3.Handler.Gets.Count < 40, $"{s3.Handler.Gets.Count} requests were sent for 40 parts");
        Assert.True(pool.RentCount > 0);
        pool.AssertAllReturned();
        await Assert.ThrowsAsync<ObjectDisposedException>(async () => _ = await stream.ReadAsync(new byte[1]));
    }

    [Fact]
    public async Task ReadAsync_OpenTokenCanceledWhileAReadWaits_ThrowsOperationCanceledInsteadOfWaitingForever()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("object", TestData.Payload(4 * PartSize));
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var never = new TaskCompletionSource();
        string part2 = $"bytes={PartSize}-{(2 * PartSize) - 1}";
        s3.Handler.FaultRule = r => r.Range == part2 ? new Fault.Stall(stalled, never.Task) : null;
        using TransferUtility utility = s3.CreateRangedUtility();
        using var cancellation = new CancellationTokenSource();
        await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "object", PartSize = PartSize }, cancellation.Token);
        await response.ResponseStream.ReadExactlyAsync(new byte[PartSize]);
        await stalled.Task.WaitAsync(TimeSpan.FromSeconds(30));

        // A read with no token of its own, waiting for the stalled part: only the open's token can end it.
        Task<int> waiting = response.ResponseStream.ReadAsync(new byte[10]).AsTask();
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => waiting.WaitAsync(TimeSpan.FromSeconds(30)));
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_BadInput_ThrowsArgumentExceptionBeforeAnyRequest()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateRangedUtility();

        await Assert.ThrowsAnyAsync<ArgumentException>(() => utility.OpenStreamWithResponseAsync(new TransferUtilityOpenStreamRequest { BucketName = "", Key = "k" }));
        await Assert.ThrowsAnyAsync<ArgumentException>(() => utility.OpenStreamWithResponseAsync(new TransferUtilityOpenStreamRequest { BucketName = "b", Key = null }));
        await Assert.ThrowsAnyAsync<ArgumentException>(() => utility.OpenStreamWithResponseAsync(new TransferUtilityOpenStreamRequest { BucketName = "b", Key = "k", PartSize = 0 }));
        await Assert.ThrowsAnyAsync<ArgumentException>(() => utility.OpenStreamWithResponseAsync(new TransferUtilityOpenStreamRequest { BucketName = "b", Key = "k", PartSize = 1 }));
        await Assert.ThrowsAnyAsync<ArgumentException>(() => utility.OpenStreamWithResponseAsync(new TransferUtilityOpenStreamRequest { BucketName = " ", Key = "k" }));
        await Assert.ThrowsAnyAsync<ArgumentException>(() => utility.OpenStreamWithResponseAsync(new TransferUtilityOpenStreamRequest { BucketName = "b", Key = "  " }));
        await Assert.ThrowsAnyAsync<ArgumentException>(() => utility.OpenStreamWithResponseAsync(new TransferUtilityOpenStreamRequest { BucketName = "b", Key = "k", MaxInMemoryParts = 0 }));

        Assert.Empty(s3.Handler.Requests);
    }
}
