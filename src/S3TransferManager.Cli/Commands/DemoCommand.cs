using System.CommandLine;
using System.Diagnostics;
using System.Globalization;
using System.Security.Cryptography;
using System.Text.Json.Nodes;
using S3TransferManager.Cli.Output;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// <c>demo</c>: upload a generated file, download it, stream it, and check each copy by SHA-256, with throughput per
/// step. Against the embedded endpoint unless --endpoint is given, so it runs on a fresh clone with nothing else.
/// </summary>
internal static class DemoCommand
{
    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var size = new Option<long>("--size")
        {
            Description = "Size of the generated file, e.g. 256MiB (default 1GiB)",
            DefaultValueFactory = _ => 1L << 30,
            CustomParser = r =>
            {
                string text = r.Tokens.Count > 0 ? r.Tokens[0].Value : string.Empty;
                if (Units.TryParseSize(text, out long bytes))
                {
                    return bytes;
                }

                r.AddError($"--size must be a size such as 256MiB or 1GiB, not '{text}'.");
                return 0;
            },
        };
        var command = new Command("demo", "Upload, download and stream a generated file, check it, and print throughput") { size };
        command.SetAction((result, token) => RunAsync(options.Read(result), console, result.GetValue(size), token));
        return command;
    }

    private static async Task<int> RunAsync(CliSettings settings, CliConsole console, long size, CancellationToken token)
    {
        await using InMemoryS3Server? embedded = settings.Endpoint is null ? await InMemoryS3Server.StartAsync(cancellationToken: token) : null;
        // The demo's bucket and files are removed at its end, so there is nothing to resume.
        TransferUtilityConfig config = settings.TransferConfig();
        config.ResumeTransfers = false;
        using S3Session session = S3Session.Open(embedded is null ? S3ClientFactory.Create(settings) : S3ClientFactory.CreateLocal(embedded.ServiceUrl), config);
        TransferUtility utility = session.Utility;
        string folder = Directory.CreateTempSubdirectory("s3tm-demo-").FullName;
        try
        {
            await using DemoBucket bucket = await DemoBucket.CreateAsync(session.Calls, console.Error, token);
            Note(settings, console, embedded is null
                ? $"demo against {settings.Endpoint}, in bucket {bucket.Name} (removed at the end)"
                : $"demo against the embedded in-memory endpoint {embedded.ServiceUrl} (no S3 server needed)");
            const string key = "demo.bin";
            string original = Path.Combine(folder, "original.bin");
            string downloaded = Path.Combine(folder, "downloaded.bin");

            var steps = new JsonArray();
            byte[] expected = await TimeAsync(settings, console, steps, "generate", size, () => ProgressDisplay.RunAsync(console, settings, ProgressKind.Download, "generate", size,
                progress => DemoFile.WriteAsync(original, size, progress.Report, token)));
            await TimeAsync(settings, console, steps, "upload", size, () => ProgressDisplay.RunAsync(console, settings, ProgressKind.Upload, "upload  ", size, progress =>
            {
                TransferUtilityUploadRequest request = TransferRequests.Upload(settings, bucket.Name, key);
                request.FilePath = original;
                request.UploadProgressEvent += (_, e) => progress.Report(e.TransferredBytes, e.TotalBytes);
                return utility.UploadWithResponseAsync(request, token);
            }));
            await TimeAsync(settings, console, steps, "download", size, () => ProgressDisplay.RunAsync(console, settings, ProgressKind.Download, "download", size, progress =>
            {
                TransferUtilityDownloadRequest request = TransferRequests.Download(settings, bucket.Name, key, downloaded);
                request.WriteObjectProgressEvent += (_, e) => progress.Report(e.TransferredBytes, e.TotalBytes);
                return utility.DownloadWithResponseAsync(request, token);
            }));
            Check(expected, await DemoFile.HashFileAsync(downloaded, token), "downloaded file");
            File.Delete(downloaded);
            byte[] streamed = await TimeAsync(settings, console, steps, "stream", size, async () =>
            {
                await using TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(TransferRequests.OpenStream(settings, bucket.Name, key), token);
                using var sha = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
                await using var hashing = new HashingStream(sha);
                await ProgressDisplay.RunAsync(console, settings, ProgressKind.Download, "stream  ", size,
                    progress => StreamToOutput.CopyAsync(response.ResponseStream, hashing, progress.Report, size, token));
                return sha.GetHashAndReset();
            });
            Check(expected, streamed, "streamed object");
            ResultWriter.Write(console, settings, stdoutCarriesData: false,
                $"demo passed: {Units.FormatBytes(size)} uploaded, downloaded and streamed; every copy matches SHA-256 {Convert.ToHexStringLower(expected)[..16]}...",
                new JsonObject { ["command"] = "demo", ["bytes"] = size, ["sha256"] = Convert.ToHexStringLower(expected), ["steps"] = steps });
            return ExitCodes.Success;
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static async Task<T> TimeAsync<T>(CliSettings settings, CliConsole console, JsonArray steps, string step, long bytes, Func<Task<T>> work)
    {
        var clock = Stopwatch.StartNew();
        T result = await work();
        TimeSpan elapsed = clock.Elapsed;
        steps.Add((JsonNode)new JsonObject
        {
            ["step"] = step,
            ["seconds"] = Math.Round(elapsed.TotalSeconds, 3),
            ["bytesPerSecond"] = elapsed > TimeSpan.Zero ? (long)(bytes / elapsed.TotalSeconds) : 0,
        });
        Note(settings, console, string.Create(CultureInfo.InvariantCulture,
            $"{step,-9} {Units.FormatBytes(bytes),10} in {elapsed.TotalSeconds,6:0.00} s  {Units.FormatRate(bytes, elapsed),12}"));
        return result;
    }

    private static void Check(byte[] expected, byte[] actual, string what)
    {
        if (!expected.AsSpan().SequenceEqual(actual))
        {
            throw new InvalidDataException($"The {what} does not match the original (SHA-256 differs).");
        }
    }

    private static void Note(CliSettings settings, CliConsole console, string line)
    {
        if (!settings.Quiet && !settings.Json)
        {
            console.Text.WriteLine(line);
        }
    }
}
