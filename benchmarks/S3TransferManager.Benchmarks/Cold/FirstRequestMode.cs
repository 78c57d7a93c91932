using System.Diagnostics;
using System.Globalization;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// <c>first-request [--runs N]</c>: what the AWS SDK's S3 client costs the first time a process uses it, apart from any
/// transfer library. One endpoint (no added latency) holds a small object; each run starts a fresh process
/// (<c>first-request-one</c>) that times, wall clock and the process's CPU, making the client's config, the client,
/// and three 1-byte GETs one after the other. Every .NET program that reaches S3 through AWSSDK.S3 pays the first
/// GET's extra once per process: a download's first ranged GET waits for it, so it bounds how close a fresh process can
/// come to a raw <c>HttpClient</c>. Run it from a ReadyToRun-published copy of this program to see what compiling ahead
/// of time removes.
/// </summary>
public static class FirstRequestMode
{
    private const string Key = "first-request/object";
    private static readonly string[] s_steps = ["config", "client", "GET 1", "GET 2", "GET 3"];

    public static async Task<int> RunAsync(int runs)
    {
        await using EndpointSession session = await EndpointSession.StartAsync(NetworkProfile.Raw, prewarmedStorageBytes: 0, md5ETags: false, https: false);
        await session.SeedAsync(Key, 1024, partSize: 0);
        var samples = new List<double[]>();
        for (int run = 0; run < runs; run++)
        {
            samples.Add(await RunChildAsync(session.Endpoint.ServiceUrl));
        }

        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"The S3 client's first use in a fresh process, {runs} runs, medians (min-max), {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC, load {File.ReadAllText("/proc/loadavg").Split(' ')[0]}:"));
        Console.WriteLine();
        Console.WriteLine("| Step | Wall | CPU (all threads) |");
        Console.WriteLine("|---|---:|---:|");
        for (int step = 0; step < s_steps.Length; step++)
        {
            double[] wall = [.. samples.Select(s => s[2 * step])];
            double[] cpu = [.. samples.Select(s => s[(2 * step) + 1])];
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"| {s_steps[step]} | {ColdProfileResults.Median(wall):0} ms ({wall.Min():0}-{wall.Max():0}) | {ColdProfileResults.Median(cpu):0} ms ({cpu.Min():0}-{cpu.Max():0}) |"));
        }

        return 0;
    }

    /// <summary>The child: each step's wall and CPU milliseconds, in order, on one line.</summary>
    public static async Task<int> RunOneAsync(string[] args)
    {
        string url = args[0];
        using var self = Process.GetCurrentProcess();
        var values = new List<double>();
        var watch = Stopwatch.StartNew();
        TimeSpan cpu = self.TotalProcessorTime;

        void Mark()
        {
            self.Refresh();
            values.Add(watch.Elapsed.TotalMilliseconds);
            values.Add((self.TotalProcessorTime - cpu).TotalMilliseconds);
            cpu = self.TotalProcessorTime;
            watch.Restart();
        }

        // The benchmark's own client (S3ClientFactory), its config and the client made in two steps so each is timed apart.
        AmazonS3Config config = S3ClientFactory.Config(new Uri(url));
        Mark();
        using var s3 = new AmazonS3Client(S3ClientFactory.Credentials, config);
        Mark();
        byte[] buffer = new byte[16];
        for (int i = 0; i < 3; i++)
        {
            using GetObjectResponse response = await s3.GetObjectAsync(new GetObjectRequest
            {
                BucketName = EndpointSession.Bucket, Key = Key, ByteRange = new ByteRange(0, 0),
            });
            while (await response.ResponseStream.ReadAsync(buffer) > 0)
            {
            }

            Mark();
        }

        Console.WriteLine(string.Join(' ', values.Select(v => v.ToString("0.0", CultureInfo.InvariantCulture))));
        return 0;
    }

    private static async Task<double[]> RunChildAsync(Uri url)
    {
        using Process child = Process.Start(ChildProcess.StartInfo(["first-request-one", url.ToString()]))!;
        string output = await child.StandardOutput.ReadToEndAsync();
        await child.WaitForExitAsync();
        return child.ExitCode == 0
            ? [.. output.Trim().Split(' ').Select(v => double.Parse(v, CultureInfo.InvariantCulture))]
            : throw new InvalidOperationException($"The first-request child exited with {child.ExitCode}: {output}");
    }
}
