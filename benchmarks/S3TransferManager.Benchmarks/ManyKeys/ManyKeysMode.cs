using System.Diagnostics;
using System.Globalization;
using System.Runtime.CompilerServices;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.ManyKeys;

/// <summary>
/// <c>many-keys --keys N [--profile Raw]</c>: a directory of N one-byte files (in folders of 1,000) uploaded, then
/// downloaded, by this library at its defaults on the in-memory endpoint, with the client's peak working set during
/// each (sampled every 20 ms, as the operating system counts it) and its managed heap after. Run it once per N in a fresh
/// process: memory that does not grow with N shows as the same peak at 100,000 and 1,000,000 keys.
/// </summary>
internal static class ManyKeysMode
{
    private const int FilesPerFolder = 1000;

    public static async Task<int> RunAsync(int keys, NetworkProfile profile)
    {
        string root = Directory.CreateTempSubdirectory("s3tm-many-keys-").FullName;
        try
        {
            string source = Path.Combine(root, "source");
            var write = Stopwatch.StartNew();
            WriteTree(source, keys);
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"wrote {keys:N0} files in {write.Elapsed.TotalSeconds:0.0} s"));

            await using EndpointSession session = await EndpointSession.StartAsync(profile, 0, md5ETags: false, https: false);
            await session.SeedAsync("bucket-marker", 1, partSize: 0); // creates the bucket, outside the prefix
            Console.WriteLine("| Keys | Direction | Seconds | Objects/s | Peak working set (MiB) | Working set before (MiB) | Managed heap after (MiB) | Failed |");
            Console.WriteLine("|---:|---|---:|---:|---:|---:|---:|---:|");
            await MeasureAsync(keys, "upload", async done =>
            {
                var request = new TransferUtilityUploadDirectoryRequest
                {
                    BucketName = EndpointSession.Bucket, Directory = source, KeyPrefix = "many", SearchOption = SearchOption.AllDirectories,
                    UploadFilesConcurrently = true, FailurePolicy = FailurePolicy.ContinueOnFailure,
                };
                request.UploadDirectoryProgressEvent += (_, e) => Volatile.Write(ref done.Value, e.NumberOfFilesUploaded);
                TransferUtilityUploadDirectoryResponse response = await session.Ours.UploadDirectoryWithResponseAsync(request);
                return response.ObjectsFailed;
            });

            // The source stays until the end: deleting 1,000,000 files here took over a quarter of an hour on a busy
            // machine, between the two measurements.
            string target = Path.Combine(root, "target");
            await MeasureAsync(keys, "download", async done =>
            {
                var request = new TransferUtilityDownloadDirectoryRequest
                {
                    BucketName = EndpointSession.Bucket, S3Directory = "many", LocalDirectory = target, DownloadFilesConcurrently = true,
                    FailurePolicy = FailurePolicy.ContinueOnFailure,
                };
                request.DownloadedDirectoryProgressEvent += (_, e) => Volatile.Write(ref done.Value, e.NumberOfFilesDownloaded);
                TransferUtilityDownloadDirectoryResponse response = await session.Ours.DownloadDirectoryWithResponseAsync(request);
                return response.ObjectsFailed;
            });
            return 0;
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    private static void WriteTree(string root, int keys)
    {
        byte[] one = [1];
        for (int i = 0; i < keys; i++)
        {
            string folder = Path.Combine(root, (i / FilesPerFolder).ToString("D5", CultureInfo.InvariantCulture));
            if (i % FilesPerFolder == 0)
            {
                Directory.CreateDirectory(folder);
            }

            File.WriteAllBytes(Path.Combine(folder, i.ToString("D7", CultureInfo.InvariantCulture) + ".bin"), one);
        }
    }

    /// <summary>Runs <paramref name="transfer"/> (which counts the objects done into the box it is given) and prints a
    /// row; every 10 s it also prints the objects done so far and the peak working set until then, so a run cut short
    /// still shows whether memory grows with the objects done.</summary>
    private static async Task MeasureAsync(int keys, string direction, Func<StrongBox<long>, Task<long>> transfer)
    {
        GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: true);
        using var process = Process.GetCurrentProcess();
        process.Refresh();
        long before = process.WorkingSet64;
        long peak = before;
        using var stop = new CancellationTokenSource();
        var done = new StrongBox<long>();
        var clock = Stopwatch.StartNew();
        Task sampler = Task.Run(async () =>
        {
            using var timer = new PeriodicTimer(TimeSpan.FromMilliseconds(20));
            long ticks = 0;
            while (await timer.WaitForNextTickAsync(stop.Token).ConfigureAwait(false))
            {
                process.Refresh();
                peak = Math.Max(peak, process.WorkingSet64);
                if (++ticks % 500 == 0)
                {
                    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"  {direction}: {clock.Elapsed.TotalSeconds:0} s, {Volatile.Read(ref done.Value):N0} objects done, peak working set so far {peak / 1048576.0:0} MiB"));
                }
            }
        });

        long failed = await transfer(done);
        clock.Stop();
        await stop.CancelAsync();
        try
        {
            await sampler;
        }
        catch (OperationCanceledException)
        {
            // The sampler stops here.
        }

        process.Refresh();
        peak = Math.Max(peak, process.WorkingSet64);
        long heap = GC.GetTotalMemory(forceFullCollection: true);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"| {keys:N0} | {direction} | {clock.Elapsed.TotalSeconds:0.0} | {keys / clock.Elapsed.TotalSeconds:N0} | {peak / 1048576.0:0} | {before / 1048576.0:0} | {heap / 1048576.0:0.0} | {failed} |"));
    }
}
