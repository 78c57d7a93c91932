namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// Keeps cores busy with bounded busy loops, so races on failure paths show as they do on a loaded machine. Each loop
/// stops when disposed or after <c>maxDuration</c>, whichever comes first.
/// </summary>
public sealed class CpuBurner : IDisposable
{
    private readonly CancellationTokenSource _stop;
    private readonly Thread[] _threads;

    public CpuBurner(int threads, TimeSpan maxDuration)
    {
        _stop = new CancellationTokenSource(maxDuration);
        _threads = new Thread[threads];
        for (int i = 0; i < threads; i++)
        {
            _threads[i] = new Thread(Spin) { IsBackground = true, Name = "cpu burner" };
            _threads[i].Start();
        }
    }

    public void Dispose()
    {
        _stop.Cancel();
        foreach (Thread thread in _threads)
        {
            thread.Join(TimeSpan.FromSeconds(10));
        }

        _stop.Dispose();
    }

    private void Spin()
    {
        CancellationToken token = _stop.Token;
        long spins = 0;
        while (!token.IsCancellationRequested)
        {
            spins++;
        }

        GC.KeepAlive(spins);
    }
}
