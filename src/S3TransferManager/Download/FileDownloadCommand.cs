using System.Buffers;
using Amazon.S3;
using Microsoft.Extensions.Logging;
using S3TransferManager.Internal;

namespace S3TransferManager.Download;

/// <summary>
/// Downloads one object to a file: discovery by the first ranged GET, then parts 2..N in parallel with If-Match, each
/// written at its offset into a temporary file that replaces the destination only when complete.
/// </summary>
internal sealed class FileDownloadCommand
{
    private readonly IAmazonS3 _client;
    private readonly TransferUtilityConfig _config;
    private readonly TransferUtilityDownloadRequest _request;
    private readonly ILogger _logger;
    private readonly ProgressTracker _progress;

    public FileDownloadCommand(IAmazonS3 client, TransferUtilityConfig config, TransferUtilityDownloadRequest request, ILogger logger)
    {
        _client = client;
        _config = config;
        _request = request;
        _logger = logger;
        _progress = new ProgressTracker(request.HasProgressSubscribers ? request.OnProgress : null);
    }

    public async Task<TransferUtilityDownloadResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        _request.OnInitiated(new DownloadInitiatedEventArgs(_request));
        DownloadSession? session = null;
        TransferUtilityDownloadResponse response;
        try
        {
            session = await DownloadSession.StartAsync(_client, _config, _request, _logger, cancellationToken).ConfigureAwait(false);
            response = await DownloadAsync(session, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            Log.DownloadFailed(_logger, _request.BucketName!, _request.Key!, e);
            _request.OnFailed(new DownloadFailedEventArgs(_request, e, _progress.TransferredBytes));
            throw;
        }
        finally
        {
            session?.Dispose();
        }

        session.LogCompleted(_request.FilePath!);
        _request.OnCompleted(new DownloadCompletedEventArgs(_request, response));
        return response;
    }

    private async Task<TransferUtilityDownloadResponse> DownloadAsync(DownloadSession session, CancellationToken cancellationToken)
    {
        DownloadTarget target = session.Target;
        PartLayout layout = session.Layout;
        _progress.SetTotal(target.TotalLength);

        using AtomicFileWriter file = AtomicFileWriter.Create(_request.FilePath!, target.TotalLength, _logger);
        await PartWorkers.RunAsync(layout.PartCount, _config.ConcurrentServiceRequests, async (part, token) =>
        {
            ResumableRangeStream body = session.CreateBody(part);
            await using (body.ConfigureAwait(false))
            {
                await CopyToFileAsync(body, file, layout.StartOf(part), token).ConfigureAwait(false);
            }
        }, cancellationToken).ConfigureAwait(false);

        file.Commit(_config.FlushToDisk);
        _progress.CompleteEmpty();
        var response = new TransferUtilityDownloadResponse();
        session.DescribeInto(response);
        return response;
    }

    /// <summary>Copies a part through one pooled 64 KiB buffer, filled completely before each positional write so the
    /// file sees few, large writes whatever size the network hands out.</summary>
    private async Task CopyToFileAsync(ResumableRangeStream body, AtomicFileWriter file, long offset, CancellationToken cancellationToken)
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(TransferLimits.BufferSize);
        try
        {
            while (body.Remaining > 0)
            {
                int filled = 0;
                int want = (int)Math.Min(TransferLimits.BufferSize, body.Remaining);
                while (filled < want)
                {
                    filled += await body.ReadAsync(buffer.AsMemory(filled, want - filled), cancellationToken).ConfigureAwait(false);
                }

                await file.WriteAsync(buffer.AsMemory(0, filled), offset, cancellationToken).ConfigureAwait(false);
                offset += filled;
                _progress.Add(filled);
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
