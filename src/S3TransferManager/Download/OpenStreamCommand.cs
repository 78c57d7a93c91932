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
        DiscoveredObject discovered = await ObjectDiscovery.DiscoverAsync(_client, _request, cancellationToken).ConfigureAwait(false);
        DownloadTarget target = discovered.Target;
        Log.Discovered(_logger, target.BucketName, target.Key, target.TotalLength, target.ETag, discovered.Layout.PartCount);

        var bodies = new PartBodies(_client, discovered, _config, _logger);
        var manager = new PartBufferManager(discovered.Layout.PartCount, _request.MaxInMemoryParts, _pool);
        // The caller's token keeps its meaning after the open: cancelling it stops the background requests too.
        var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var stream = new BufferedMultipartStream(manager, target.TotalLength, stop);
        stream.AttachProducers(RunProducersAsync(bodies, manager, stop.Token));

        return new TransferUtilityOpenStreamResponse(stream, () => new PartPipeReader(stream))
        {
            ContentLength = target.TotalLength,
            ETag = target.ETag,
            ContentType = target.ContentType,
            LastModified = target.LastModified,
            VersionId = target.VersionId,
            Metadata = target.Metadata,
        };
    }

    private async Task RunProducersAsync(PartBodies bodies, PartBufferManager manager, CancellationToken stopToken)
    {
        PartLayout layout = bodies.Layout;
        try
        {
            await PartWorkers.RunAsync(layout.PartCount, _config.ConcurrentServiceRequests, async (part, token) =>
            {
                try
                {
                    await manager.WaitForWindowAsync(part, token).ConfigureAwait(false);
                    ResumableRangeStream body = bodies.Create(part);
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
        }
        finally
        {
            bodies.ReleaseUnused();
        }
    }
}
