using System.Buffers;

namespace S3TransferManager.Tests.TestSupport;

/// <summary>
/// An <see cref="ArrayPool{T}"/> for tests that counts rents and returns, tracks the bytes outstanding (and their
/// peak), refuses rents above <see cref="MaxRentLength"/> (65,536 bytes by default: the library's buffer limit) and
/// refuses returns of arrays it did not hand out or already got back. Thread-safe.
/// </summary>
/// <remarks>
/// A refused call throws <see cref="InvalidOperationException"/> and is also recorded in <see cref="Violations"/>,
/// so code under test that swallows or wraps the exception still fails <see cref="AssertAllReturned"/>.
/// Arrays come from <c>inner</c> (a private pool by default, so arrays are reused dirty, as in production).
/// </remarks>
public sealed class CountingArrayPool : ArrayPool<byte>
{
    private readonly ArrayPool<byte> _inner;
    private readonly Lock _lock = new();
    private readonly HashSet<byte[]> _outstanding = new(ReferenceEqualityComparer.Instance);
    private readonly List<string> _violations = [];
    private long _outstandingBytes;
    private long _maxOutstandingBytes;
    private int _rentCount;
    private int _returnCount;

    public CountingArrayPool(ArrayPool<byte>? inner = null, int maxRentLength = 64 * 1024)
    {
        _inner = inner ?? Create(maxRentLength, 1024);
        MaxRentLength = maxRentLength;
    }

    /// <summary>The largest array a caller may ask for.</summary>
    public int MaxRentLength { get; }

    public int RentCount { get { lock (_lock) { return _rentCount; } } }

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
        lock (_lock)
        {
            _outstanding.Add(array);
            _rentCount++;
            _outstandingBytes += array.Length;
            _maxOutstandingBytes = Math.Max(_maxOutstandingBytes, _outstandingBytes);
        }

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
            Assert.True(
                _outstanding.Count == 0,
                $"{_outstanding.Count} array(s) ({_outstandingBytes} bytes) not returned: {_rentCount} rents, {_returnCount} returns.");
        }
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
