namespace S3TransferManager.Upload;

/// <summary>Produces the parts of one multipart upload in order. Called by a single producer, never concurrently.</summary>
internal interface IPartSource
{
    /// <summary>The whole upload's length, or -1 while it is not known (a non-seekable stream not yet at its end).</summary>
    long TotalLength { get; }

    /// <summary>The next part (numbered from 1), or <see langword="null"/> when the source is exhausted.</summary>
    ValueTask<PartBody?> ReadNextAsync(CancellationToken cancellationToken);
}
