using S3TransferManager.Upload;

namespace S3TransferManager.Upload;

/// <summary>A resumed upload's parts still to send: the source's parts less those an earlier run stored. A stored
/// part's body is let go unread (a file region reads nothing until asked).</summary>
internal sealed class PartsNotStored(IPartSource source, HashSet<int> stored) : IPartSource
{
    public long TotalLength => source.TotalLength;

    public bool BuffersParts => source.BuffersParts;

    public async ValueTask<PartBody?> ReadNextAsync(CancellationToken cancellationToken)
    {
        while (await source.ReadNextAsync(cancellationToken).ConfigureAwait(false) is { } part)
        {
            if (!stored.Contains(part.PartNumber))
            {
                return part;
            }

            await part.Content.DisposeAsync().ConfigureAwait(false);
        }

        return null;
    }
}
