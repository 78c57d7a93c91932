using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using S3TransferManager.Buffering;
using S3TransferManager.Checksums.Validation;
using S3TransferManager.Parts;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;
using S3TransferManager.Requests;

namespace S3TransferManager.Download;

/// <summary>
/// Opens an object as a stream: discovery by the first ranged GET, then producers that fetch parts 2..N with If-Match,
/// never more than MaxInMemoryParts ahead of the reader, and hand them to a <see cref="PartBufferManager"/>.
/// </summary>
internal sealed class OpenStreamCommand
{
    private const string Destination = "an OpenStream reader";

    /// <summary>Gives the reader's part's slot back (see <see cref="ProducePartAsync"/>); static, so no part allocates one.</summary>
    private static readonly Action<Stream> s_releaseLease = static body => ((ResumableRangeStream)body).ReleaseLease();

    private readonly TransferResources _resources;
    private readonly TransferUtilityOpenStreamRequest _request;

    public OpenStreamCommand(TransferResources resources, TransferUtilityOpenStreamRequest request)
    {
        _resources = resources;
        _request = request;
    }

    public async Task<TransferUtilityOpenStreamResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        TransferLane lane = _resources.Scheduler.OpenLane();
        // Ended by the producers: the transfer outlives this call.
        var telemetry = TransferScope.StartOpenStream(_request.BucketName!, _request.Key!);
        DownloadSession session;
        ChecksumHead? head = null;
        try
        {
            if (_request.ReportChecksumAtOpen)
            {
                head = await ChecksumHead.SendAsync(_resources.S3, _request, lane, cancellationToken).ConfigureAwait(false);
            }

            session = await DownloadSession.StartAsync(_resources, lane, _request, partsHeldInMemory: true, cancellationToken, head).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            lane.Dispose();
            Log.DownloadFailed(_resources.Logger, _request.BucketName!, _request.Key!, e);
            telemetry.Failed(e);
            throw;
        }

        PartWindow window = _resources.Tuning.OpenStreamWindowInBytes
            ? WindowFor(session.Layout, _request.EffectiveMaxInMemoryParts)
            : PartWindow.OfParts(_request.EffectiveMaxInMemoryParts);
        var manager = new PartBufferManager(session.Layout.PartCount, window, _resources.Pool);
        // The caller's token keeps its meaning after the open: cancelling it stops the background requests too.
        var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        // Disposing (or canceling) the stream also stops the checksum HEAD if it is still out.
        stop.Token.Register(session.StopChecksumLookup);
        var stream = new BufferedMultipartStream(manager, session.Target.TotalLength, stop, _resources.Tuning.FailureWaitLimit);
        telemetry.Describe(session.Target.TotalLength, session.Layout.PartCount);
        stream.AttachProducers(RunProducersAsync(session, lane, manager, telemetry, stop.Token));

        var response = new TransferUtilityOpenStreamResponse(stream, () => new PartPipeReader(stream));
        session.DescribeInto(response);
        if (head is not null && head.ETag == session.Target.ETag)
        {
            head.DescribeInto(response);
        }

        // The reader's last read checks the bytes before it reports the end: a mismatch is thrown there, never a clean end.
        manager.SetEndCheck(token => session.ValidateChecksumAsync(response, token));
        return response;
    }

    /// <summary>Opens a part: the window first, then memory, then the slot (a part that may not be fetched yet holds
    /// neither budget), then its request. A failure is the reader's too, at once: a part opened early fails before its
    /// worker gets to it, and the run it stops never hands the reader the parts before it.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private static async ValueTask<OpenedPart> OpenPartAsync(DownloadSession session, PartBufferManager manager, BufferAccount memory, int part,
        RequestLease? predecessor, CancellationToken cancellationToken)
    {
        await manager.WaitForWindowAsync(part, cancellationToken).ConfigureAwait(false);
        BufferLease? buffer = await manager.ReserveAsync(part, memory, session.Layout.LengthOf(part), cancellationToken).ConfigureAwait(false);
        ResumableRangeStream? body = null;
        try
        {
            body = await session.CreateBodyAsync(part, predecessor, cancellationToken).ConfigureAwait(false);
            await body.OpenAsync(cancellationToken).ConfigureAwait(false);
            return new OpenedPart(body, buffer);
        }
        catch (Exception e)
        {
            if (body is not null)
            {
                await body.DisposeAsync().ConfigureAwait(false);
            }

            buffer?.Dispose();
            if (!cancellationToken.IsCancellationRequested)
            {
                manager.Fail(part, e);
            }

            throw;
        }
    }

    /// <summary>Fetches one part (opened early by the worker's previous part, or now) and hands it to the manager.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    [SuppressMessage("Reliability", "CA2000", Justification = "The opened part's body and memory go to the manager, which disposes them on every path.")]
    private async ValueTask ProducePartAsync(DownloadSession session, PartBufferManager manager, BufferAccount memory, PartTurn<int, OpenedPart> turn,
        CancellationToken token)
    {
        try
        {
            OpenedPart opened = turn.TakeStarted() is { } started
                ? await started.ConfigureAwait(false)
                : await OpenPartAsync(session, manager, memory, turn.Part, null, token).ConfigureAwait(false);
            ResumableRangeStream body = opened.Body;

            // In this body's last round trip (read by the reader or into chunks), the worker's next part is opened, so
            // its first byte arrives as this body ends.
            if (_resources.Tuning.DownloadLookahead)
            {
                turn.Slot = body.Lease;
                body.OnNearEnd(PartTurn<int, OpenedPart>.StartNextCallback, turn);
            }

            // The manager owns the body and the memory from here on, on every path. The reader's part gives its slot
            // back: handed to the reader live (the reader's pace is the caller's, and an unread stream must not hold
            // it), or still read into chunks while the reader waits for it. So a cap of N fetches N parts beside the
            // reader's, as the AWS SDK does.
            await manager.DeliverAsync(turn.Part, body, session.Layout.LengthOf(turn.Part), token, s_releaseLease, opened.Buffer)
                .ConfigureAwait(false);
        }
        catch (Exception e) when (!token.IsCancellationRequested)
        {
            manager.Fail(turn.Part, e);
            throw;
        }
    }

    /// <summary>The window in bytes, MaxInMemoryParts x PartSize from the reader's part: the memory bound the setting
    /// promises. The parts that shrink toward the end then each take their own length of it, so their connections are
    /// not left idle while the reader still reads a full part (counted in parts, 24 tail parts of 2 MiB held the window
    /// shut as 24 full parts would).</summary>
    internal static PartWindow WindowFor(PartLayout layout, int maxInMemoryParts) =>
        PartWindow.OfBytes(maxInMemoryParts > long.MaxValue / layout.PartSize ? long.MaxValue : maxInMemoryParts * layout.PartSize,
            layout.PartCount, layout.StartOf, layout.EndOf);

    /// <summary>One worker per slot the budget may ever lend, and one more: the part the reader is reading straight
    /// from its body gives its slot back (see <see cref="ProducePartAsync"/>), yet its worker waits for the reader to
    /// finish it. Without the extra worker that slot stays idle, and a cap of N fetches with N - 1 connections while the
    /// reader reads the Nth (the AWS SDK reads its part beside its N).</summary>
    internal static int WorkersFor(RequestScheduler scheduler, int partCount) => Math.Min(scheduler.Ceiling + 1, partCount);

    private async Task RunProducersAsync(DownloadSession session, TransferLane lane, PartBufferManager manager, TransferScope telemetry,
        CancellationToken stopToken)
    {
        PartLayout layout = session.Layout;
        BufferAccount memory = _resources.Buffers.OpenAccount();
        try
        {
            var parts = new PartEngine<int, OpenedPart>(new NumberedParts(layout.PartCount), WorkersFor(_resources.Scheduler, layout.PartCount),
                (turn, token) => ProducePartAsync(session, manager, memory, turn, token), _resources.Tuning.FailureWaitLimit, _resources.TimeProvider,
                (turn, predecessorSlot, token) => OpenPartAsync(session, manager, memory, turn.Part, predecessorSlot, token).AsTask(),
                static opened => opened.DisposeAsync());
            await parts.RunAsync(stopToken).ConfigureAwait(false);
            session.LogCompleted(Destination);
            telemetry.Succeeded(session.Target.TotalLength);
        }
        catch (OperationCanceledException) when (stopToken.IsCancellationRequested)
        {
            // The caller's token was canceled after the open (or the stream was disposed, and this is a no-op): a
            // reader waiting for a part that will never come must be told, not left waiting.
            manager.Cancel(stopToken);
            throw;
        }
        catch (Exception e) when (!stopToken.IsCancellationRequested)
        {
            // A part failed for good (the reader sees it too); a disposed or cancelled stream is not a failure.
            session.LogFailed(e);
            telemetry.Failed(e);
            throw;
        }
        finally
        {
            // No request outlives the producers: a stopped or failed stream stops the checksum HEAD; a complete one
            // lets it answer, since the reader's check at the end needs it.
            await session.EndChecksumLookupAsync(stop: stopToken.IsCancellationRequested || manager.IsStopped).ConfigureAwait(false);
            session.Dispose();
            lane.Dispose();
            // A reader that read every part and disposed the stream can stop the producers before their last step.
            if (manager.NextPartToRead > layout.PartCount)
            {
                telemetry.Succeeded(session.Target.TotalLength);
            }

            telemetry.Dispose();
        }
    }
}
