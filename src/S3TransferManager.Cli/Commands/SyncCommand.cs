using System.CommandLine;
using System.Text.Json.Nodes;
using Amazon.S3;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// <c>sync SRC DST</c>: a folder to a prefix, a prefix to a folder, or a prefix to a prefix, copying only what differs,
/// through the library's sync. One line per entry acted on, as the AWS CLI prints them ("upload: a.txt to
/// s3://b/a.txt", "(dryrun) delete: s3://b/old.txt"); failures on stderr; exit 1 when any entry failed.
/// </summary>
internal static class SyncCommand
{
    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var source = new Argument<string>("SRC") { Description = "A local folder or s3://bucket/prefix" };
        var destination = new Argument<string>("DST") { Description = "A local folder or s3://bucket/prefix" };
        var delete = new Option<bool>("--delete") { Description = "Delete destination entries that are not at the source (and not excluded)" };
        var dryRun = new Option<bool>("--dryrun") { Description = "Print what would be done; change nothing" };
        var exact = new Option<bool>("--exact-timestamps") { Description = "Downloads: copy a same-sized object unless its time equals the file's exactly" };
        var compare = new Option<bool>("--compare-checksums")
        {
            Description = "Skip a same-sized entry only when its stored full-object checksum equals the other side's (times ignored)",
        };
        var include = new Option<string[]>("--include") { Description = "Include entries matching this pattern (rules apply in order; the last match wins)" };
        var exclude = new Option<string[]>("--exclude") { Description = "Exclude entries matching this pattern" };
        var shard = new Option<string?>("--shard") { Description = "K/N: handle only the keys whose hash falls in shard K (0-based) of N" };
        var command = new Command("sync", "Make DST hold what SRC holds, copying only what differs")
        {
            source, destination, delete, dryRun, exact, compare, include, exclude, shard,
        };
        command.SetAction(async (result, token) =>
        {
            CliSettings settings = options.Read(result);
            TransferUtilitySyncRequest request = SyncArguments.Request(result.GetRequiredValue(source), result.GetRequiredValue(destination));
            request.Delete = result.GetValue(delete);
            request.DryRun = result.GetValue(dryRun);
            request.ExactTimestamps = result.GetValue(exact);
            request.CompareChecksums = result.GetValue(compare);
            foreach (SyncFilterRule rule in SyncArguments.Filters(result, include, exclude))
            {
                request.Filters.Add(rule);
            }

            if (result.GetValue(shard) is { } text)
            {
                (request.ShardIndex, request.ShardCount) = SyncArguments.Shard(text);
            }

            return await RunAsync(settings, console, request, token);
        });
        return command;
    }

    private static async Task<int> RunAsync(CliSettings settings, CliConsole console, TransferUtilitySyncRequest request, CancellationToken token)
    {
        var printer = new SyncLines(console, settings);
        request.SyncObjectEvent += (_, e) => printer.Done(e);
        request.SyncObjectFailedEvent += (_, e) => printer.Failed(e);
        using AmazonS3Client s3 = S3ClientFactory.Create(settings);
        using var utility = new TransferUtility(s3, settings.TransferConfig());
        TransferUtilitySyncResponse response = await utility.SyncWithResponseAsync(request, token);
        if (settings.Json)
        {
            ResultWriter.Write(console, settings, stdoutCarriesData: false, string.Empty, new JsonObject
            {
                ["command"] = "sync",
                ["dryRun"] = request.DryRun,
                ["transferred"] = response.ObjectsTransferred,
                ["deleted"] = response.ObjectsDeleted,
                ["unchanged"] = response.ObjectsUnchanged,
                ["notComparable"] = response.ObjectsNotComparable,
                ["failed"] = response.ObjectsFailed,
                ["errors"] = new JsonArray([.. response.Errors.Select(e => JsonValue.Create(e.Message))]),
            });
        }

        return response.ObjectsFailed > 0 ? ExitCodes.Failed : ExitCodes.Success;
    }
}
