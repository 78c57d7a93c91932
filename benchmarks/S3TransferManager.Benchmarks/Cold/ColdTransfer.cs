using System.Diagnostics;
using System.Globalization;
using Amazon.S3;
using Amazon.S3.Model;
using Amazon.S3.Transfer;
using Microsoft.Win32.SafeHandles;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.Benchmarks.Loh;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// <c>cold-one URL KEY SIZE CLIENT SCENARIO FOLDER EXPECTED</c> (CLIENT: ours, ours-cap10, sdk or raw, the last for
/// file, stream and upload; SCENARIO: file, stream, dir (a download of the key's folder, ours and sdk), upload of a
/// file of SIZE zero bytes written before the clock starts, or stdin: an upload of what the parent pipes in, SIZE zero
/// bytes): what one
/// fresh process does. It times its first transfer (the S3 client, the utility and the transfer, so everything the
/// first use JIT-compiles and warms up), then a second one in the same process (not for stdin, which is read once),
/// and prints both in milliseconds on one line with the process's CPU time (user and kernel, all threads) during
/// each, and the Large Object Heap allocation ticks during both (-1 when the runtime's events did not arrive) with the
/// types that crossed them: <c>cold warm coldCpu warmCpu lohTicks types</c> (types comma-separated, <c>-</c> for none). After each, outside the clock, the output's SHA-256 must be EXPECTED
/// (<see cref="ColdOutputCheck"/>; <c>-</c> for none). A client named with
/// <c>-primed</c> first sends one 1-byte GET through the S3 client (untimed), so its cold time is what the transfer
/// library itself pays on first use, without the S3 client's own first request. The warm phase can be repeated and
/// profiled (<see cref="WarmPhase"/>).
/// </summary>
public static class ColdTransfer
{
    public static async Task<int> RunAsync(string[] args)
    {
        var url = new Uri(args[0]);
        string key = args[1];
        long size = long.Parse(args[2], CultureInfo.InvariantCulture);
        string client = args[3];
        string scenario = args[4];
        string folder = args[5];
        string? expected = args[6] == "-" ? null : args[6];

        using var s3 = S3ClientFactory.Create(url);
        bool primed = client.EndsWith("-primed", StringComparison.Ordinal);
        if (primed)
        {
            // A 1-byte GET through the S3 client first: what remains is the transfer library's own first use.
            client = client[..^"-primed".Length];
            using GetObjectResponse first = await s3.GetObjectAsync(new GetObjectRequest
            {
                BucketName = EndpointSession.Bucket, Key = key, ByteRange = new ByteRange(0, 0),
            });
        }

        // A directory download writes the key's folder's objects under a folder of its own; the one checked is the key's.
        string path = scenario == "dir"
            ? Path.Combine(folder, $"{client}-{Environment.ProcessId}-dir", Path.GetFileName(key))
            : Path.Combine(folder, $"{client}-{Environment.ProcessId}.bin");
        if (scenario == "upload")
        {
            // The file to upload, written and flushed to disk before the clock starts: writing it is not the transfer,
            // and its dirty pages written back during the uploads would slow them.
            await using (var source = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 1 << 16, FileOptions.Asynchronous))
            {
                await source.WriteAsync(new byte[size]);
                source.Flush(flushToDisk: true);
            }
        }

        // LOH allocations are counted inside the timed transfers only (the checks after them read through large
        // buffers); the listener starts before the clock, and its events are flushed after both transfers.
        using var loh = new LohTickListener();
        using var self = Process.GetCurrentProcess();
        TimeSpan cpuBefore = self.TotalProcessorTime;
        DateTime coldStart = DateTime.UtcNow;
        var watch = Stopwatch.StartNew();
        (Func<Task> transfer, string? uploadedKey) = Build(s3, url, key, size, client, scenario, path);
        await transfer();
        double cold = watch.Elapsed.TotalMilliseconds;
        DateTime coldEnd = DateTime.UtcNow;
        self.Refresh();
        double coldCpu = (self.TotalProcessorTime - cpuBefore).TotalMilliseconds;
        await ColdOutputCheck.VerifyAsync(client, scenario, expected, path, s3, uploadedKey);
        DeleteDownloaded(scenario, path);

        double warm = double.NaN;
        double warmCpu = double.NaN;
        (DateTime Start, DateTime End) warmWindow = (DateTime.MaxValue, DateTime.MinValue);
        WarmPhase phase = WarmPhase.FromEnvironment();
        if (scenario != "stdin" && phase.Repeat > 0)
        {
            for (int i = 0; i < phase.Skip; i++)
            {
                DeleteDownloaded(scenario, path);
                await transfer();
            }

            self.Refresh();
            TimeSpan cpuWarm = self.TotalProcessorTime;
            phase.StartProfile();
            warmWindow.Start = DateTime.UtcNow;
            watch.Restart();
            for (int i = 0; i < phase.Repeat; i++)
            {
                // Each download writes a new file, as the first did (deleting it is inside the clock only between repeats).
                DeleteDownloaded(scenario, path);
                await transfer();
            }

            warm = watch.Elapsed.TotalMilliseconds / phase.Repeat;
            warmWindow.End = DateTime.UtcNow;
            self.Refresh();
            warmCpu = (self.TotalProcessorTime - cpuWarm).TotalMilliseconds / phase.Repeat;
            await ColdOutputCheck.VerifyAsync(client, scenario, expected, path, s3, uploadedKey);
        }

        DeleteDownloaded(scenario, path);
        if (scenario != "dir")
        {
            File.Delete(path);
        }

        bool flushed = await loh.FlushAsync();
        int lohTicks = flushed ? loh.CountBetween(coldStart, coldEnd) + loh.CountBetween(warmWindow.Start, warmWindow.End) : -1;
        // The types that crossed a tick, for the parent to name (none: "-").
        string lohTypes = flushed ? string.Join(',', loh.TypesBetween(coldStart, coldEnd).Concat(loh.TypesBetween(warmWindow.Start, warmWindow.End))) : "";
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{cold:0.0} {warm:0.0} {coldCpu:0} {warmCpu:0} {lohTicks} {(lohTypes.Length == 0 ? "-" : lohTypes)}"));
        return 0;
    }

    /// <summary>A download's file goes after its check, outside the clock (deleting a large file takes the kernel a
    /// while, which the peers, whose files are deleted by this program, do not pay either).</summary>
    private static void DeleteDownloaded(string scenario, string path)
    {
        if (scenario == "file")
        {
            File.Delete(path);
        }
        else if (scenario == "dir" && Directory.Exists(Path.GetDirectoryName(path)))
        {
            Directory.Delete(Path.GetDirectoryName(path)!, recursive: true);
        }
    }

    /// <summary>The transfer a client runs, and the key it uploads to (null for downloads).</summary>
    private static (Func<Task> Transfer, string? UploadedKey) Build(AmazonS3Client s3, Uri url, string key, long size, string client,
        string scenario, string path)
    {
        byte[] buffer = new byte[BenchmarkSettings.ReadBufferSize];
        bool toFile = scenario == "file";
        switch (client)
        {
            case "ours":
            case "ours-cap10":
            {
                // The default config, as EndpointSession.Ours: the automatic request budget. ours-cap10 caps it at the
                // 10 requests of the SDK and the raw ceiling (BenchmarkSettings.Concurrency), as EndpointSession.OursCap10.
                var utility = client == "ours"
                    ? new TransferUtility(s3)
                    : new TransferUtility(s3, new S3TransferManager.TransferUtilityConfig { ConcurrentServiceRequests = BenchmarkSettings.Concurrency });
                string uploadKey = $"cold/{client}-{scenario}";
                if (scenario == "upload")
                {
                    return (() => utility.UploadWithResponseAsync(new S3TransferManager.TransferUtilityUploadRequest
                    {
                        BucketName = EndpointSession.Bucket, Key = uploadKey, FilePath = path,
                    }), uploadKey);
                }

                if (scenario == "stdin")
                {
                    return (() => utility.UploadWithResponseAsync(new S3TransferManager.TransferUtilityUploadRequest
                    {
                        BucketName = EndpointSession.Bucket, Key = uploadKey, InputStream = Console.OpenStandardInput(),
                    }), uploadKey);
                }

                if (scenario == "dir")
                {
                    return (() => utility.DownloadDirectoryWithResponseAsync(new S3TransferManager.TransferUtilityDownloadDirectoryRequest
                    {
                        BucketName = EndpointSession.Bucket, S3Directory = Path.GetDirectoryName(key), LocalDirectory = Path.GetDirectoryName(path),
                    }), null);
                }

                return (toFile
                    ? () => utility.DownloadWithResponseAsync(new S3TransferManager.TransferUtilityDownloadRequest
                    {
                        BucketName = EndpointSession.Bucket, Key = key, FilePath = path, PartSize = BenchmarkSettings.PartSize,
                    })
                    : async () =>
                    {
                        await using S3TransferManager.TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
                            new S3TransferManager.TransferUtilityOpenStreamRequest
                            {
                                BucketName = EndpointSession.Bucket, Key = key, PartSize = BenchmarkSettings.PartSize,
                            });
                        await Drain.StreamAsync(response.ResponseStream, buffer, size);
                    }, null);
            }

            case "sdk":
            {
                var utility = new Amazon.S3.Transfer.TransferUtility(
                    s3, new Amazon.S3.Transfer.TransferUtilityConfig { ConcurrentServiceRequests = BenchmarkSettings.Concurrency });
                string uploadKey = $"cold/{client}-{scenario}";
                if (scenario is "upload" or "stdin")
                {
                    return (() => utility.UploadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityUploadRequest
                    {
                        BucketName = EndpointSession.Bucket, Key = uploadKey, PartSize = BenchmarkSettings.PartSize,
                        FilePath = scenario == "upload" ? path : null,
                        InputStream = scenario == "stdin" ? Console.OpenStandardInput() : null,
                    }), uploadKey);
                }

                if (scenario == "dir")
                {
                    return (() => utility.DownloadDirectoryAsync(new Amazon.S3.Transfer.TransferUtilityDownloadDirectoryRequest
                    {
                        BucketName = EndpointSession.Bucket, S3Directory = Path.GetDirectoryName(key), LocalDirectory = Path.GetDirectoryName(path),
                        DownloadFilesConcurrently = true,
                    }), null);
                }

                return (toFile
                    ? () => utility.DownloadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityDownloadRequest
                    {
                        BucketName = EndpointSession.Bucket, Key = key, FilePath = path, PartSize = BenchmarkSettings.PartSize,
                        MultipartDownloadType = Amazon.S3.Transfer.MultipartDownloadType.PART,
                    })
                    : async () =>
                    {
                        using Amazon.S3.Transfer.TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
                            new Amazon.S3.Transfer.TransferUtilityOpenStreamRequest
                            {
                                BucketName = EndpointSession.Bucket, Key = key, PartSize = BenchmarkSettings.PartSize,
                                MultipartDownloadType = Amazon.S3.Transfer.MultipartDownloadType.PART,
                            });
                        await Drain.StreamAsync(response.ResponseStream, buffer, size);
                    }, null);
            }

            default:
            {
                var raw = new RawHttpClient(url);
                if (scenario == "upload")
                {
                    // The 10-connection ceiling of an upload: one PUT per connection, a tenth of the file each, so each
                    // connection pays one first byte and then only streams (UploadBenchmarks.RawHttp10PutsOneWave_File).
                    int share = (int)((size + BenchmarkSettings.Concurrency - 1) / BenchmarkSettings.Concurrency);
                    return (async () =>
                    {
                        using SafeFileHandle file = File.OpenHandle(path);
                        await raw.PutRangesAsync(file, size, share, BenchmarkSettings.Concurrency, "cold/raw-upload-");
                    }, null);
                }

                return (toFile
                    ? () => raw.DownloadRangesToFileAsync(key, size, BenchmarkSettings.Concurrency, path)
                    : () => raw.ReadAsync(key, size, BenchmarkSettings.Concurrency), null);
            }
        }
    }
}
