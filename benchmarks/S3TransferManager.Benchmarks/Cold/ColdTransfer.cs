using System.Diagnostics;
using System.Globalization;
using Amazon.S3;
using Amazon.S3.Transfer;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// <c>cold-one URL KEY SIZE CLIENT SCENARIO FOLDER</c>: what one fresh process does. It times its first transfer (the
/// S3 client, the utility and the transfer, so everything the first use JIT-compiles and warms up), then a second one
/// in the same process, and prints both in milliseconds on one line: <c>cold warm</c>.
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

        var watch = Stopwatch.StartNew();
        using var s3 = S3ClientFactory.Create(url);
        Func<Task> transfer = Build(s3, url, key, size, client, scenario, Path.Combine(folder, $"{client}-{Environment.ProcessId}.bin"));
        await transfer();
        double cold = watch.Elapsed.TotalMilliseconds;

        watch.Restart();
        await transfer();
        double warm = watch.Elapsed.TotalMilliseconds;
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{cold:0.0} {warm:0.0}"));
        return 0;
    }

    private static Func<Task> Build(AmazonS3Client s3, Uri url, string key, long size, string client, string scenario, string path)
    {
        byte[] buffer = new byte[BenchmarkSettings.ReadBufferSize];
        bool toFile = scenario == "file";
        switch (client)
        {
            case "ours":
            {
                var utility = new TransferUtility(s3, new TransferUtilityConfig { ConcurrentServiceRequests = BenchmarkSettings.Concurrency });
                return toFile
                    ? async () =>
                    {
                        await utility.DownloadWithResponseAsync(new S3TransferManager.TransferUtilityDownloadRequest
                        {
                            BucketName = EndpointSession.Bucket, Key = key, FilePath = path, PartSize = BenchmarkSettings.PartSize,
                        });
                        File.Delete(path);
                    }
                    : async () =>
                    {
                        await using S3TransferManager.TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
                            new S3TransferManager.TransferUtilityOpenStreamRequest
                            {
                                BucketName = EndpointSession.Bucket, Key = key, PartSize = BenchmarkSettings.PartSize,
                            });
                        await Drain.StreamAsync(response.ResponseStream, buffer, size);
                    };
            }

            case "sdk":
            {
                var utility = new Amazon.S3.Transfer.TransferUtility(
                    s3, new Amazon.S3.Transfer.TransferUtilityConfig { ConcurrentServiceRequests = BenchmarkSettings.Concurrency });
                return toFile
                    ? async () =>
                    {
                        await utility.DownloadWithResponseAsync(new Amazon.S3.Transfer.TransferUtilityDownloadRequest
                        {
                            BucketName = EndpointSession.Bucket, Key = key, FilePath = path, PartSize = BenchmarkSettings.PartSize,
                            MultipartDownloadType = MultipartDownloadType.PART,
                        });
                        File.Delete(path);
                    }
                    : async () =>
                    {
                        using Amazon.S3.Transfer.TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
                            new Amazon.S3.Transfer.TransferUtilityOpenStreamRequest
                            {
                                BucketName = EndpointSession.Bucket, Key = key, PartSize = BenchmarkSettings.PartSize,
                                MultipartDownloadType = MultipartDownloadType.PART,
                            });
                        await Drain.StreamAsync(response.ResponseStream, buffer, size);
                    };
            }

            default:
            {
                var raw = new RawHttpClient(url);
                return () => raw.ReadAsync(key, size, BenchmarkSettings.Concurrency);
            }
        }
    }
}
