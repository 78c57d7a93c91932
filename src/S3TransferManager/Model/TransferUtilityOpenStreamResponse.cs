using System.IO.Pipelines;

namespace S3TransferManager;

/// <summary>
/// An open object: its headers, and its bytes as a <see cref="ResponseStream"/> or, with no copy at all, as a
/// <see cref="PipeReader"/>. Use one of the two. Disposing the response cancels outstanding requests and returns every
/// pooled buffer.
/// </summary>
public sealed class TransferUtilityOpenStreamResponse : IDisposable, IAsyncDisposable
{
    private readonly Lazy<PipeReader> _pipeReader;

    internal TransferUtilityOpenStreamResponse(Stream responseStream, Func<PipeReader> pipeReaderFactory)
    {
        ResponseStream = responseStream;
        _pipeReader = new Lazy<PipeReader>(pipeReaderFactory, LazyThreadSafetyMode.ExecutionAndPublication);
    }

    /// <summary>The object's bytes, in order: read-only and not seekable.</summary>
    public Stream ResponseStream { get; }

    /// <summary>
    /// The same bytes as <see cref="ResponseStream"/>, handed out as <see cref="System.Buffers.ReadOnlySequence{T}"/>
    /// over the pooled chunks themselves, without copying. Every part is buffered on this path (there is no caller
    /// buffer to read into). Read either this or <see cref="ResponseStream"/>, not both.
    /// </summary>
    public PipeReader PipeReader => _pipeReader.Value;

    /// <summary>The whole object's length in bytes.</summary>
    public long ContentLength { get; init; }

    /// <summary>The object's ETag; every part was fetched with If-Match on it.</summary>
    public string? ETag { get; init; }

    /// <summary>The object's Content-Type.</summary>
    public string? ContentType { get; init; }

    /// <summary>When the object was last modified.</summary>
    public DateTime? LastModified { get; init; }

    /// <summary>The version being read, when the bucket is versioned.</summary>
    public string? VersionId { get; init; }

    /// <summary>The object's user metadata (x-amz-meta-*), keyed without the prefix.</summary>
    public IReadOnlyDictionary<string, string> Metadata { get; init; } = new Dictionary<string, string>();

    /// <summary>Stops the transfer: cancels outstanding requests and returns every pooled buffer.</summary>
    public void Dispose()
    {
        if (_pipeReader.IsValueCreated)
        {
            _pipeReader.Value.Complete();
        }

        ResponseStream.Dispose();
    }

    /// <summary>Stops the transfer: cancels outstanding requests and returns every pooled buffer.</summary>
    /// <returns>A task that completes when the stream is disposed.</returns>
    public async ValueTask DisposeAsync()
    {
        if (_pipeReader.IsValueCreated)
        {
            await _pipeReader.Value.CompleteAsync().ConfigureAwait(false);
        }

        await ResponseStream.DisposeAsync().ConfigureAwait(false);
    }
}
