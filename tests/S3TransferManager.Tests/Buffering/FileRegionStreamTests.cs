using Microsoft.Win32.SafeHandles;
using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

/// <summary>A part body over a file region: small reads come from one pooled read-ahead window, returned once.</summary>
public sealed class FileRegionStreamTests : IDisposable
{
    private const int Start = 1000;
    private const int Length = 150_000;

    private readonly string _path = Path.Combine(Path.GetTempPath(), "s3tm-region-" + Guid.NewGuid().ToString("N"));
    private readonly byte[] _content = TestData.Bytes(200_000);
    private readonly SafeFileHandle _handle;

    public FileRegionStreamTests()
    {
        File.WriteAllBytes(_path, _content);
        _handle = File.OpenHandle(_path);
    }

    public void Dispose()
    {
        _handle.Dispose();
        File.Delete(_path);
    }

    [Theory]
    [InlineData(4096)]
    [InlineData(8192)]
    [InlineData(5000)]
    public void Read_SmallReadsAcrossWindows_ReturnTheRegionsBytes(int readSize)
    {
        using var pool = new CountingArrayPool();
        using var stream = new FileRegionStream(_handle, Start, Length, pool);

        Assert.Equal(_content.AsSpan(Start, Length).ToArray(), ReadAll(stream, readSize));
    }

    [Fact]
    public void Seek_BackToStartAfterReading_ReadsTheSameBytesAgain()
    {
        using var pool = new CountingArrayPool();
        using var stream = new FileRegionStream(_handle, Start, Length, pool);
        ReadAll(stream, 4096);

        stream.Position = 0;

        Assert.Equal(_content.AsSpan(Start, Length).ToArray(), ReadAll(stream, 8192));
    }

    [Fact]
    public void Read_BufferOfTheWindowsSize_RentsNoWindow()
    {
        using var pool = new CountingArrayPool();
        using var stream = new FileRegionStream(_handle, Start, Length, pool);

        ReadAll(stream, 64 * 1024);

        Assert.Equal(0, pool.RentCount);
    }

    [Fact]
    public void Dispose_Twice_ReturnsTheWindowOnce()
    {
        using var pool = new CountingArrayPool();
        var stream = new FileRegionStream(_handle, Start, Length, pool);
        ReadAll(stream, 4096);

        stream.Dispose();
        stream.Dispose();

        Assert.Equal(1, pool.RentCount);
        Assert.Equal(1, pool.ReturnCount);
    }

    [Fact]
    public void Read_AfterDispose_Throws()
    {
        using var pool = new CountingArrayPool();
        var stream = new FileRegionStream(_handle, Start, Length, pool);
        stream.Dispose();

        Assert.Throws<ObjectDisposedException>(() => stream.Read(new byte[10], 0, 10));
    }

    private static byte[] ReadAll(Stream stream, int readSize)
    {
        using var all = new MemoryStream();
        byte[] buffer = new byte[readSize];
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            all.Write(buffer, 0, read);
        }

        return all.ToArray();
    }
}
