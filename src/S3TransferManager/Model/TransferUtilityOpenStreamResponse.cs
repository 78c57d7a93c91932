using System.IO.Pipelines;

namespace S3TransferManager;

/// <summary>
/// An open object: its headers, and its bytes as a <see cref="ResponseStream"/> or, over the pooled chunks, as a
/// <see cref="PipeReader"/>. Use one of the two. Disposing the response cancels outstanding requests and returns every
/// pooled buffer.
/// </summary>
public sealed class TransferUtilityOpenStreamResponse : TransferUtilityGetObjectResponseBase, IDisposable, IAsyncDisposable
{
    private readonly Lazy<PipeReader> _pipeReader;

    /// <summary>A response over no bytes (<see cref="Stream.Null"/>) until <see cref="ResponseStream"/> is set, as the
    /// AWS SDK's type allows, for tests and mocks; the library's own responses come from OpenStream.</summary>
    public TransferUtilityOpenStreamResponse()
    {
        ResponseStream = Stream.Null;
        _pipeReader = new Lazy<PipeReader>(() => PipeReader.Create(ResponseStream), LazyThreadSafetyMode.ExecutionAndPublication);
    }

    internal TransferUtilityOpenStreamResponse(Stream responseStream, Func<PipeReader> pipeReaderFactory)
    {
        ResponseStream = responseStream;
        _pipeReader = new Lazy<PipeReader>(pipeReaderFactory, LazyThreadSafetyMode.ExecutionAndPublication);
    }

    /// <summary>The object's bytes, in order: read-only and not seekable. Settable, as on the AWS SDK's type, for
    /// responses built by hand; the library's own responses are only read.</summary>
    public Stream ResponseStream { get; set; }

    /// <summary>
    /// The same bytes as <see cref="ResponseStream"/>, handed out as <see cref="System.Buffers.ReadOnlySequence{T}"/>
    /// over the pooled chunks themselves: a part that arrived early is handed out with no copy; the part the reader waits
    /// for is read from its body into chunks first (there is no caller buffer to read into). Read either this or <see cref="ResponseStream"/>: whichever is read first owns the bytes,
    /// and reading the other throws <see cref="InvalidOperationException"/>.
    /// </summary>
    public PipeReader PipeReader => _pipeReader.Value;

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
