namespace S3TransferManager.Buffering;

/// <summary>
/// Trims a <see cref="ChunkPool"/> after full collections: a finalizable object that resurrects itself each time it
/// is finalized. Once promoted to gen 2 it is only found unreachable, and so finalized, by gen 2 collections.
/// </summary>
/// <remarks>Invariant: holds the pool weakly, so it never keeps a pool alive; it stops when the pool is gone or the
/// process is shutting down.</remarks>
internal sealed class FullCollectionCallback
{
    private readonly WeakReference<ChunkPool> _pool;

    private FullCollectionCallback(ChunkPool pool)
    {
        _pool = new WeakReference<ChunkPool>(pool);
    }

    ~FullCollectionCallback()
    {
        if (Environment.HasShutdownStarted || !_pool.TryGetTarget(out ChunkPool? pool))
        {
            return;
        }

        pool.Trim();
        GC.ReRegisterForFinalize(this);
    }

    public static void Register(ChunkPool pool) => _ = new FullCollectionCallback(pool);
}
