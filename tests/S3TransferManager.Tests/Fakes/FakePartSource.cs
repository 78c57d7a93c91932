using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Fakes;

/// <summary>An <see cref="IPartSource"/> of small in-memory parts whose bodies record their disposal.</summary>
internal sealed class FakePartSource(int partCount, bool throwOnDispose = false, bool buffersParts = true) : IPartSource
{
    private readonly List<TrackedBody> _bodies = [];

    public long TotalLength => partCount * 4L;

    public bool BuffersParts => buffersParts;

    /// <summary>Every body handed out, in part order.</summary>
    public IReadOnlyList<TrackedBody> Bodies
    {
        get
        {
            lock (_bodies)
            {
                return [.. _bodies];
            }
        }
    }

    public ValueTask<PartBody?> ReadNextAsync(CancellationToken cancellationToken)
    {
        lock (_bodies)
        {
            if (_bodies.Count == partCount)
            {
                return ValueTask.FromResult<PartBody?>(null);
            }

            var body = new TrackedBody(throwOnDispose);
            _bodies.Add(body);
            return ValueTask.FromResult<PartBody?>(new PartBody(_bodies.Count, body, body.Length));
        }
    }

    /// <summary>A four-byte body that says when it was disposed, and can throw when it is.</summary>
    internal sealed class TrackedBody(bool throwOnDispose) : MemoryStream([1, 2, 3, 4], writable: false)
    {
        public TaskCompletionSource Disposed { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public bool IsDisposed => Disposed.Task.IsCompleted;

        protected override void Dispose(bool disposing)
        {
            base.Dispose(disposing);
            if (disposing && Disposed.TrySetResult() && throwOnDispose)
            {
                throw new IOException("the body could not be closed");
            }
        }
    }
}
