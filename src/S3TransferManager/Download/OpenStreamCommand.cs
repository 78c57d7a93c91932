using Amazon.S3;
using Microsoft.Extensions.Logging;
using S3TransferManager.Buffering;
using S3TransferManager.Internal;

namespace S3TransferManager.Download;

/// <summary>
/// Opens an object as a stream: discovery by the first ranged GET, then producers that fetch parts 2..N with If-Match,
/// never more than MaxInMemoryParts ahead of the reader, and hand them to a <see cref="PartBufferManager"/>.
/// </summary>
internal sealed class OpenStreamCommand
{
    private const string Destination = "an OpenStream reader";

    private readonly IAmazonS3 _client;
    private readonly TransferUtilityConfig _config;
    private readonly TransferUtilityOpenStreamRequest _request;
    private readonly ILogger _logger;
    private readonly System.Buffers.ArrayPool<byte>? _pool;

    public OpenStreamCommand(IAmazonS3 client, TransferUtilityConfig config, TransferUtilityOpenStreamRequest request, ILogger logger,
        System.Buffers.ArrayPool<byte>? pool = null)
    {
        _client = client;
        _config = config;
        _request = request;
        _logger = logger;
        _pool = pool;
    }

    public async Task<TransferUtilityOpenStreamResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        DownloadSession session;
        try
        {
            session = await DownloadSession.StartAsync(_client, _config, _request, _logger, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            Log.DownloadFailed(_logger, _request.BucketName!, _request.Key!, e);
            throw;
        }

        var manager = new PartBufferManager(session.Layout.PartCount, _request.MaxInMemoryParts, _pool);
        // The caller's token keeps its meaning after the open: cancelling it stops the background requests too.
        var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var stream = new BufferedMultipartStream(manager, session.Target.TotalLength, stop);
        stream.AttachProducers(RunProducersAsync(session, manager, stop.Token));

        var response = new TransferUtilityOpenStreamResponse(stream, () => new PartPipeReader(stream));
        session.DescribeInto(response);
        return response;
    }

    private async Task RunProducersAsync(DownloadSession session, PartBufferManager manager, CancellationToken stopToken)
    {
        PartLayout layout = session.Layout;
        try
        {
            await PartWorkers.RunAsync(layout.PartCount, _config.ConcurrentServiceRequests, async (part, token) =>
            {
                try
                {
                    await manager.WaitForWindowAsync(part, token).ConfigureAwait(false);
                    ResumableRangeStream body = session.CreateBody(part);
                    try
                    {
                        await body.OpenAsync(token).ConfigureAwait(false);
                    }
                    catch
                    {
                        await body.DisposeAsync().ConfigureAwait(false);
                        throw;
                    }

                    // The manager owns the body from here on, on every path.
                    await manager.DeliverAsync(part, body, layout.LengthOf(part), token).ConfigureAwait(false);
                }
                catch (Exception e) when (!token.IsCancellationRequested)
                {
                    manager.Fail(part, e);
                    throw;
                }
            }, stopToken).ConfigureAwait(false);
            session.LogCompleted(Destination);
        }
        catch (Exception e) when (!stopToken.IsCancellationRequested)
        {
            // A part failed for good (the reader sees it too); a disposed or cancelled stream is not a failure.
            session.LogFailed(e);
            throw;
        }
        finally
        {
            session.Dispose();
        }
    }
}
