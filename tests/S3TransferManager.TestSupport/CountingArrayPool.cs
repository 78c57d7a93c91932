using System.Buffers;
using System.Diagnostics;
using System.Text;

namespace S3TransferManager.TestSupport;

/// <summary>
/// An <see cref="ArrayPool{T}"/> for tests that counts rents and returns, tracks the bytes outstanding (and their
/// peak), refuses rents above <see cref="MaxRentLength"/> (65,536 bytes by default: the library's buffer limit) and
/// refuses returns of arrays it did not hand out or already got back. Thread-safe.
/// </summary>
/// <remarks>
/// A refused call throws <see cref="InvalidOperationException"/> and is also recorded in <see cref="Violations"/>,
/// so code under test that swallows or wraps the exception still fails <see cref="AssertAllReturned"/>.
/// Arrays come from <c>inner</c> (a private pool by default, so arrays are reused dirty, as in production).
/// Create it with <c>using</c>: <see cref="Dispose"/> runs <see cref="AssertAllReturned"/>, so every test that makes a
/// pool is checked for leaks without asking. Each rent keeps the stack that made it while the array is out, so the
/// failure says where the leaked arrays came from.
/// </remarks>
public sealed class CountingArrayPool : ArrayPool<byte>, IDisposable
{
    /// <summary>How many outstanding rents a leak message shows the stacks of.</summary>
    private const int ShownRentSites = 3;

    private readonly ArrayPool<byte> _inner;
    private readonly Lock _lock = new();

    // Each outstanding array and the stack that rented it; an entry lives only while its array is out.
    private readonly Dictionary<byte[], StackTrace> _outstanding = new(ReferenceEqualityComparer.Instance);
    private readonly List<string> _violations = [];
    private readonly TaskCompletionSource _firstRent = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private long _outstandingBytes;
    private long _maxOutstandingBytes;
    private int _rentCount;
    private int _returnCount;
    private bool _disposed;

    public CountingArrayPool(ArrayPool<byte>? inner = null, int maxRentLength = 64 * 1024)
    {
        _inner = inner ?? Create(maxRentLength, 1024);
        MaxRentLength = maxRentLength;
    }

    /// <summary>The largest array a caller may ask for.</summary>
    public int MaxRentLength { get; }

    public int RentCount { get { lock (_lock) { return _rentCount; } } }

    /// <summary>Completes when the first array is handed out: a test that must see buffers in use before it acts
    /// waits for this instead of racing the code under test.</summary>
    public Task FirstRent => _firstRent.Task;

    public int ReturnCount { get { lock (_lock) { return _returnCount; } } }

    /// <summary>Arrays handed out and not yet returned.</summary>
    public int OutstandingCount { get { lock (_lock) { return _outstanding.Count; } } }

    /// <summary>The total length of the arrays handed out and not yet returned.</summary>
    public long OutstandingBytes { get { lock (_lock) { return _outstandingBytes; } } }

    /// <summary>The peak of <see cref="OutstandingBytes"/> since creation (or the last <see cref="ResetMax"/>).</summary>
    public long MaxOutstandingBytes { get { lock (_lock) { return _maxOutstandingBytes; } } }

    public IReadOnlyList<string> Violations { get { lock (_lock) { return [.. _violations]; } } }

    public override byte[] Rent(int minimumLength)
    {
        if (minimumLength > MaxRentLength)
        {
            throw Violation($"Rent({minimumLength}) asks for more than {MaxRentLength} bytes.");
        }

        byte[] array = _inner.Rent(minimumLength);
        // Method names only: file and line lookups would make every rent slow in transfers of thousands of chunks.
        var site = new StackTrace(1, fNeedFileInfo: false);
        lock (_lock)
        {
            _outstanding.Add(array, site);
            _rentCount++;
            _outstandingBytes += array.Length;
            _maxOutstandingBytes = Math.Max(_maxOutstandingBytes, _outstandingBytes);
        }

        _firstRent.TrySetResult();
        return array;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        ArgumentNullException.ThrowIfNull(array);
        lock (_lock)
        {
            if (!_outstanding.Remove(array))
            {
                throw Violation(
                    $"Return of an array of {array.Length} bytes that is not outstanding (returned twice, or never rented here).");
            }

            _returnCount++;
            _outstandingBytes -= array.Length;
        }

        _inner.Return(array, clearArray);
    }

    /// <summary>Restarts the peak from the bytes outstanding now.</summary>
    public void ResetMax()
    {
        lock (_lock)
        {
            _maxOutstandingBytes = _outstandingBytes;
        }
    }

    /// <summary>Fails the test unless every rented array came back exactly once and no call was refused.</summary>
    public void AssertAllReturned()
    {
        lock (_lock)
        {
            Assert.True(_violations.Count == 0, "Pool misuse: " + string.Join("; ", _violations));
            if (_outstanding.Count != 0)
            {
                Assert.Fail(LeakMessage());
            }
        }
    }

    /// <summary>Forgets the arrays still outstanding and the violations seen, for a test that leaks on purpose; the
    /// counters keep their values.</summary>
    public void ForgetOutstanding()
    {
        lock (_lock)
        {
            _outstanding.Clear();
            _outstandingBytes = 0;
            _violations.Clear();
        }
    }

    /// <summary>Checks, once, that every rent was returned and no call was refused (see <see cref="AssertAllReturned"/>).</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        AssertAllReturned();
    }

    private string LeakMessage()
    {
        var message = new StringBuilder(
            $"{_outstanding.Count} array(s) ({_outstandingBytes} bytes) not returned: {_rentCount} rents, {_returnCount} returns.");
        foreach (StackTrace site in _outstanding.Values.Take(ShownRentSites))
        {
            message.Append(Environment.NewLine).Append("Rented at:").Append(Environment.NewLine).Append(site);
        }

        if (_outstanding.Count > ShownRentSites)
        {
            message.Append(Environment.NewLine).Append($"... and {_outstanding.Count - ShownRentSites} more.");
        }

        return message.ToString();
    }

    private InvalidOperationException Violation(string message)
    {
        lock (_lock)
        {
            _violations.Add(message);
        }

        return new InvalidOperationException(message);
    }
}
