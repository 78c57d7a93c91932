namespace S3TransferManager.Upload;

/// <summary>Produces the parts of one multipart upload in order. Called by a single producer, never concurrently.</summary>
internal interface IPartSource
{
    /// <summary>The whole upload's length, or -1 while it is not known (a non-seekable stream not yet at its end).</summary>
    long TotalLength { get; }

    /// <summary>Whether each part holds its bytes in memory (a stream's parts) rather than reading them when sent (a
    /// file's): the pipeline then reads fewer parts ahead.</summary>
    bool BuffersParts { get; }

    /// <summary>The next part (numbered from 1), or <see langword="null"/> when the source is exhausted.</summary>
    ValueTask<PartBody?> ReadNextAsync(CancellationToken cancellationToken);
}
