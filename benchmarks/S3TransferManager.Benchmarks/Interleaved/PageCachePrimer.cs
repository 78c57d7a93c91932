using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Interleaved;

/// <summary>
/// Writes and deletes a scratch file of an object's size in 64 KiB writes at 64 KiB offsets, untimed, before each timed
/// call of a scenario that writes large files, so that no method pays for the state the method before it left.
/// </summary>
/// <remarks>
/// Why: the first method to write 64 KiB-aligned into the page cache after methods that wrote otherwise (the AWS SDK's
/// 8 KiB writes, the raw ceiling's unaligned shares before they were aligned) spent 1.5-2 s more CPU per GiB, half of it
/// in <c>copy_folio_from_iter_atomic</c> and a fifth spinning on the file's lock, with no fault seen in this kernel; an
/// aligned writer right after another one did not. So the rotation of methods, not the method, decided who paid: when
/// the raw ceiling's shares were aligned too, it paid instead of the library (benchmarks/README.md, "The page-cache
/// primer"). The likely cause is this machine, a Firecracker guest whose balloon reports free memory to the host: aligned
/// writes fill 64 KiB folios taken from large free blocks the host has taken back, which fault in the host on first
/// touch, while single pages come from memory freed moments before.
/// <c>S3TM_BENCH_PRIME=0</c> turns it off, to measure with the cost left where the order puts it.
/// </remarks>
internal static class PageCachePrimer
{
    /// <summary>The library's write size, which is also its alignment.</summary>
    private const int WriteSize = BenchmarkSettings.ReadBufferSize;

    public static bool Enabled => Environment.GetEnvironmentVariable("S3TM_BENCH_PRIME") != "0";

    public static void Prime(long bytes)
    {
        string path = Path.Combine(Path.GetTempPath(), $"s3tm-primer-{Environment.ProcessId}.bin");
        try
        {
            using var file = File.OpenHandle(path, FileMode.Create, FileAccess.Write, FileShare.None, FileOptions.None, bytes);
            byte[] block = new byte[WriteSize];
            for (long offset = 0; offset < bytes; offset += WriteSize)
            {
                RandomAccess.Write(file, block.AsSpan(0, (int)Math.Min(WriteSize, bytes - offset)), offset);
            }
        }
        finally
        {
            File.Delete(path);
        }
    }
}
