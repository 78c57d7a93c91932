using System.Diagnostics;
using System.Globalization;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.Directories;

namespace S3TransferManager.Benchmarks.Events;

/// <summary>
/// <c>directory-events</c>: the two costs behind the directory events' differences from the AWS SDK, measured here.
/// <list type="number">
/// <item>Counting a folder before the first upload (what the SDK does to report its initiated totals): a tree of
/// <c>--files</c> one-byte files in folders of 1,000, walked three times as <see cref="FileCount"/> walks it (nothing
/// kept) and as the SDK does (<c>Directory.GetFiles</c>, then each file's length), with the memory its paths hold.</item>
/// <item>The spacing of directory progress events: 200 objects of 10 KB uploaded and downloaded on the in-memory
/// endpoint (Raw profile) by the SDK (defaults: one object at a time; and with <c>...FilesConcurrently</c>) and by this
/// library (defaults, and <c>ConcurrentServiceRequests = 1</c>), with the gaps between events.</item>
/// </list>
/// </summary>
internal static class DirectoryEventsMode
{
    private const int SpacingObjects = 200;
    private const int SpacingSize = 10_000;

    public static async Task<int> RunAsync(int files)
    {
        string folder = Directory.CreateTempSubdirectory("s3tm-dir-events-").FullName;
        try
        {
            Count(Path.Combine(folder, "count"), files);
            await SpacingAsync(Path.Combine(folder, "spacing"));
            return 0;
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static void Count(string root, int files)
    {
        for (int i = 0; i < files; i++)
        {
            string path = Path.Combine(root, (i / 1000).ToString("D4", CultureInfo.InvariantCulture), $"{i:D7}.bin");
            if (i % 1000 == 0)
            {
                Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            }

            File.WriteAllBytes(path, [1]);
        }

        for (int round = 1; round <= 3; round++)
        {
            var clock = Stopwatch.StartNew();
            (long Files, long Bytes)? counted = FileCount.Count(root, "*", SearchOption.AllDirectories, long.MaxValue, CancellationToken.None);
            double ours = clock.Elapsed.TotalSeconds;
            long before = GC.GetTotalMemory(forceFullCollection: true);
            clock.Restart();
            string[] paths = Directory.GetFiles(root, "*", SearchOption.AllDirectories);
            long bytes = paths.Sum(p => new FileInfo(p).Length);
            double sdk = clock.Elapsed.TotalSeconds;
            long held = GC.GetTotalMemory(forceFullCollection: true) - before;
            GC.KeepAlive(paths);
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"count round {round}: {counted?.Files} files: walk {ours:F2} s ({ours / files * 1e6:F1} us a file); GetFiles + lengths {sdk:F2} s, {bytes} bytes, its paths hold {held / 1e6:F1} MB"));
        }
    }

    private static async Task SpacingAsync(string folder)
    {
        await using EndpointSession session = await EndpointSession.StartAsync(NetworkProfile.Raw);
        string source = Directory.CreateDirectory(Path.Combine(folder, "source")).FullName;
        for (int i = 0; i < SpacingObjects; i++)
        {
            await File.WriteAllBytesAsync(Path.Combine(source, $"{i:D4}.bin"), new byte[SpacingSize]);
            await session.SeedAsync($"dl/{i:D4}.bin", SpacingSize, partSize: 0);
        }

        using var serial = new TransferUtility(session.Client, new TransferUtilityConfig { ConcurrentServiceRequests = 1 });
        int run = 0;
        foreach ((string name, Func<string, Action<long>, Task> upload, Func<string, Action<long>, Task> download) in new (string, Func<string, Action<long>, Task>, Func<string, Action<long>, Task>)[]
        {
            ("SDK, defaults", (p, t) => SdkUpload(session, source, p, false, t), (d, t) => SdkDownload(session, d, false, t)),
            ("SDK, ...FilesConcurrently", (p, t) => SdkUpload(session, source, p, true, t), (d, t) => SdkDownload(session, d, true, t)),
            ("ours, defaults", (p, t) => OursUpload(session.Ours, source, p, t), (d, t) => OursDownload(session.Ours, d, t)),
            ("ours, ConcurrentServiceRequests = 1", (p, t) => OursUpload(serial, source, p, t), (d, t) => OursDownload(serial, d, t)),
        })
        {
            run++;
            Console.WriteLine($"{name}: upload {await TimeAsync(tick => upload($"ul{run}/", tick))}");
            Console.WriteLine($"{name}: download {await TimeAsync(tick => download(Path.Combine(folder, $"target{run}"), tick))}");
        }
    }

    /// <summary>Runs one transfer and describes the gaps between its progress events (the SDK raises them on a
    /// background dispatcher, so the last ones are waited for, up to 2 s of quiet).</summary>
    private static async Task<string> TimeAsync(Func<Action<long>, Task> transfer)
    {
        var stamps = new List<long>();
        await transfer(_ =>
        {
            lock (stamps)
            {
                stamps.Add(Stopwatch.GetTimestamp());
            }
        });
        for (int seen = -1; seen != stamps.Count;)
        {
            seen = stamps.Count;
            await Task.Delay(TimeSpan.FromSeconds(2));
        }

        double[] gaps = [.. stamps.Zip(stamps.Skip(1), (a, b) => Stopwatch.GetElapsedTime(a, b).TotalMilliseconds).Order()];
        return gaps.Length == 0
            ? $"{stamps.Count} events"
            : string.Create(CultureInfo.InvariantCulture,
                $"{stamps.Count} events, gaps min {gaps[0]:F3} ms, p10 {gaps[gaps.Length / 10]:F3} ms, median {gaps[gaps.Length / 2]:F3} ms, {gaps.Count(g => g < 1)} under 1 ms");
    }

    private static Task SdkUpload(EndpointSession session, string source, string prefix, bool concurrently, Action<long> tick)
    {
        var request = new Amazon.S3.Transfer.TransferUtilityUploadDirectoryRequest
        {
            BucketName = EndpointSession.Bucket, Directory = source, KeyPrefix = prefix, UploadFilesConcurrently = concurrently,
        };
        request.UploadDirectoryProgressEvent += (_, e) => tick(e.NumberOfFilesUploaded);
        return session.Incumbent.UploadDirectoryAsync(request);
    }

    private static Task SdkDownload(EndpointSession session, string target, bool concurrently, Action<long> tick)
    {
        var request = new Amazon.S3.Transfer.TransferUtilityDownloadDirectoryRequest
        {
            BucketName = EndpointSession.Bucket, S3Directory = "dl", LocalDirectory = target, DownloadFilesConcurrently = concurrently,
        };
        request.DownloadedDirectoryProgressEvent += (_, e) => tick(e.NumberOfFilesDownloaded);
        return session.Incumbent.DownloadDirectoryAsync(request);
    }

    private static Task OursUpload(TransferUtility utility, string source, string prefix, Action<long> tick)
    {
        var request = new TransferUtilityUploadDirectoryRequest { BucketName = EndpointSession.Bucket, Directory = source, KeyPrefix = prefix };
        request.UploadDirectoryProgressEvent += (_, e) => tick(e.NumberOfFilesUploaded);
        return utility.UploadDirectoryAsync(request);
    }

    private static Task OursDownload(TransferUtility utility, string target, Action<long> tick)
    {
        var request = new TransferUtilityDownloadDirectoryRequest { BucketName = EndpointSession.Bucket, S3Directory = "dl", LocalDirectory = target };
        request.DownloadedDirectoryProgressEvent += (_, e) => tick(e.NumberOfFilesDownloaded);
        return utility.DownloadDirectoryAsync(request);
    }
}
