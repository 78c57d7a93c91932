namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>A scenario whose methods write each object they download into a new file of its full size; the interleaved
/// mode primes the page cache before each of its timed calls (see <see cref="Interleaved.PageCachePrimer"/>).</summary>
public interface IWritesObjectFiles;
