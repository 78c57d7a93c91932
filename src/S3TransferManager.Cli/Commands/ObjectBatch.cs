using System.Text.Json.Nodes;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// Runs many object operations through one <see cref="TransferUtility"/> (so they share its request budget), several at
/// once, and prints one line per operation as the AWS CLI does: <c>upload: a.txt to s3://b/a.txt</c>,
/// <c>delete: s3://b/old.txt</c>, <c>(dryrun) ...</c> with --dryrun (nothing done), and
/// <c>upload failed: SRC to DST REASON</c> on stderr for one that failed; the others still run, and the exit code is
/// then 1.
/// </summary>
internal static class ObjectBatch
{
    /// <summary>Operations at once when --concurrency does not say: enough to keep small objects' round trips
    /// overlapping; large ones share the utility's budget anyway.</summary>
    private const int DefaultParallel = 16;

    public static async Task<int> RunAsync(CliConsole console, CliSettings settings, string command, string verb, IReadOnlyList<BatchItem> items,
        bool dryRun, CancellationToken token)
    {
        var output = new Lock();
        bool lines = !settings.Quiet && !settings.Json;
        long bytes = 0;
        var errors = new JsonArray();
        if (dryRun)
        {
            foreach (BatchItem item in items)
            {
                if (lines)
                {
                    console.Text.WriteLine($"(dryrun) {Line(verb, item)}");
                }

                bytes += item.Bytes;
            }
        }
        else
        {
            var parallel = new ParallelOptions { MaxDegreeOfParallelism = settings.Concurrency ?? DefaultParallel, CancellationToken = token };
            await Parallel.ForEachAsync(items, parallel, async (item, itemToken) =>
            {
                try
                {
                    await item.Run(itemToken);
                    Interlocked.Add(ref bytes, item.Bytes);
                    if (lines)
                    {
                        lock (output)
                        {
                            console.Text.WriteLine(Line(verb, item));
                        }
                    }
                }
                catch (Exception e) when (e is not OperationCanceledException || !itemToken.IsCancellationRequested)
                {
                    string reason = ErrorReport.Describe(e).Line["s3tm: ".Length..];
                    lock (output)
                    {
                        errors.Add((JsonNode)new JsonObject { ["source"] = item.Source, ["destination"] = item.Destination, ["error"] = reason });
                        console.Error.WriteLine($"{verb} failed: {item.Source}{(item.Destination is null ? "" : $" to {item.Destination}")} {reason}");
                    }
                }
            });
        }

        console.Text.Flush();
        if (settings.Json)
        {
            var json = new JsonObject
            {
                ["command"] = command,
                ["recursive"] = true,
                ["dryRun"] = dryRun,
                ["objects"] = items.Count - errors.Count,
                ["objectsFailed"] = errors.Count,
                ["bytes"] = bytes,
                ["errors"] = errors,
            };
            console.Text.WriteLine(ResultWriter.Serialize(json));
            console.Text.Flush();
        }

        return errors.Count > 0 ? ExitCodes.Failed : ExitCodes.Success;
    }

    private static string Line(string verb, BatchItem item) =>
        item.Destination is null ? $"{verb}: {item.Source}" : $"{verb}: {item.Source} to {item.Destination}";
}
