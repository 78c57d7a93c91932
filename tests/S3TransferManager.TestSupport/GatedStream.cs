namespace S3TransferManager.TestSupport;

/// <summary>
/// A body that hands out its first <c>freeBytes</c> at once and then waits, per read, until <see cref="Open"/> is
/// called. A read canceled while it waits consumes nothing, as a live HTTP body that resumes by range behaves, and
/// disposing the body ends a waiting read.
/// </summary>
public sealed class GatedStream(byte[] data, int freeBytes, int maxReadSize = 4096) : Stream
{
    private readonly TaskCompletionSource _gate = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _waiting = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private int _position;

    /// <summary>Completes when a read first waits at the gate.</summary>
    public Task Waiting => _waiting.Task;

    public bool IsDisposed { get; private set; }

    public void Open() => _gate.TrySetResult();

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(IsDisposed, this);
        if (_position >= freeBytes && !_gate.Task.IsCompleted)
        {
            _waiting.TrySetResult();
            await _gate.Task.WaitAsync(cancellationToken);
        }

        int limit = _gate.Task.IsCompleted ? data.Length : freeBytes;
        int count = Math.Min(Math.Min(buffer.Length, maxReadSize), limit - _position);
        data.AsMemory(_position, count).CopyTo(buffer);
        _position += count;
        return count;
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException("Read asynchronously.");

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        // Like a socket: disposing the body ends a read that waits on it.
        IsDisposed = true;
        _gate.TrySetException(new ObjectDisposedException(nameof(GatedStream)));
        base.Dispose(disposing);
    }
}
