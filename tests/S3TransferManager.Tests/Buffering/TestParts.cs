using S3TransferManager.Buffering;

namespace S3TransferManager.Tests.Buffering;

/// <summary>An object split into equal parts, with a fake network body per delivered part.</summary>
internal sealed class TestParts
{
    private readonly int _maxReadSize;
    private readonly bool _randomReadSizes;
    private readonly bool _yield;
    private readonly int _seed;

    /// <param name="partCount">The number of parts.</param>
    /// <param name="partSize">The size of every part.</param>
    /// <param name="maxReadSize">The most bytes one read of a body returns.</param>
    /// <param name="randomReadSizes">When true, each read returns a random size up to <paramref name="maxReadSize"/>
    /// (each body has its own generator: bodies may be read on several threads).</param>
    /// <param name="yieldOnReads">When true, every asynchronous read of a body yields first.</param>
    /// <param name="seed">The seed of the object's bytes and of the read sizes.</param>
    public TestParts(
        int partCount, int partSize, int maxReadSize = 16 * 1024, bool randomReadSizes = false, bool yieldOnReads = false, int seed = 42)
    {
        PartCount = partCount;
        PartSize = partSize;
        Object = TestData.Bytes(partCount * partSize, seed);
        _maxReadSize = maxReadSize;
        _randomReadSizes = randomReadSizes;
        _yield = yieldOnReads;
        _seed = seed;
    }

    public int PartCount { get; }

    public int PartSize { get; }

    public byte[] Object { get; }

    public List<ChunkyStream> Bodies { get; } = [];

    public ChunkyStream CreateBody(int partNumber)
    {
        int maxReadSize = _maxReadSize;
        Func<int, int> readSizes = _ => maxReadSize;
        if (_randomReadSizes)
        {
            var random = new Random((_seed * 10_007) + partNumber);
            readSizes = _ => random.Next(1, maxReadSize + 1);
        }

        var body = new ChunkyStream(Object.AsSpan((partNumber - 1) * PartSize, PartSize).ToArray(), readSizes, _yield);
        lock (Bodies)
        {
            Bodies.Add(body);
        }

        return body;
    }

    public Task DeliverAsync(PartBufferManager manager, int partNumber) =>
        manager.DeliverAsync(partNumber, CreateBody(partNumber), PartSize, default).AsTask();

    /// <summary>What a download worker does: wait for the window (before its request), then deliver.</summary>
    public async Task WaitAndDeliverAsync(PartBufferManager manager, int partNumber)
    {
        await manager.WaitForWindowAsync(partNumber, default);
        await manager.DeliverAsync(partNumber, CreateBody(partNumber), PartSize, default);
    }
}
