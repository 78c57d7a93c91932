using Microsoft.Extensions.Logging;

namespace S3TransferManager.Download;

/// <summary>Creates the resumable body stream of each part of one discovered object; part 1 reuses the discovery
/// response, every other part sends its own ranged GET with If-Match.</summary>
internal sealed class PartBodies
{
    private readonly RangeRequester _requester;
    private readonly PartLayout _layout;
    private readonly FirstResponseSlot _firstResponse;
    private readonly TransferUtilityConfig _config;
    private readonly ILogger _logger;

    public PartBodies(Amazon.S3.IAmazonS3 client, DiscoveredObject discovered, TransferUtilityConfig config, ILogger logger)
    {
        _requester = new RangeRequester(client, discovered.Target);
        _layout = discovered.Layout;
        _firstResponse = new FirstResponseSlot(discovered.FirstResponse);
        _config = config;
        _logger = logger;
    }

    public PartLayout Layout => _layout;

    public ResumableRangeStream Create(int partNumber) =>
        new(_requester, partNumber, _layout.StartOf(partNumber), _layout.EndOf(partNumber),
            partNumber == 1 ? _firstResponse.Take() : null, _config.InterruptedBodyRetryAttempts, _config.InterruptedBodyRetryDelay,
            TimeProvider.System, _logger);

    /// <summary>Disposes the discovery response if part 1 never took it (the transfer stopped first).</summary>
    public void ReleaseUnused() => _firstResponse.Take()?.Dispose();
}
