using System.CommandLine;
using System.Text.Json.Nodes;
using Amazon.S3;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// <c>resume --list</c>: the copies earlier runs left to resume (the same <c>cp</c> command continues each);
/// <c>resume --discard ID|all</c>: gives them up (aborts the multipart upload, deletes the temporary file and the
/// journal). Journals unused for 7 days are discarded by either (an upload's only by --discard, which reaches its endpoint;
/// --list sends no request).
/// </summary>
internal static class ResumeCommand
{
    private const string All = "all";

    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var list = new Option<bool>("--list") { Description = "List the copies that can be resumed (the default)" };
        var discard = new Option<string?>("--discard") { Description = "Give up a resumable copy by its ID, or 'all'", HelpName = "ID" };
        var command = new Command("resume", "List or discard copies that an interrupted s3tm cp left to resume") { list, discard };
        command.Validators.Add(result =>
        {
            if (result.GetValue(list) && result.GetValue(discard) is not null)
            {
                result.AddError("Use either --list or --discard, not both.");
            }
        });
        command.SetAction(async (result, token) =>
        {
            CliSettings settings = options.Read(result);
            string? id = result.GetValue(discard);
            // Listing reads the journals on this machine and sends nothing, so it needs no credentials and no region;
            // discarding may abort a multipart upload, which needs both.
            using AmazonS3Client s3 = id is null ? S3ClientFactory.CreateOffline() : S3ClientFactory.Create(settings);
            using var utility = new TransferUtility(s3, settings.TransferConfig());
            IReadOnlyList<ResumableTransfer> transfers = await utility.ListResumableTransfersAsync(token);
            return id is not null
                ? await DiscardAsync(settings, console, utility, transfers, id, token)
                : List(settings, console, transfers);
        });
        return command;
    }

    private static int List(CliSettings settings, CliConsole console, IReadOnlyList<ResumableTransfer> transfers)
    {
        if (!settings.Json && !settings.Quiet)
        {
            foreach (ResumableTransfer transfer in transfers)
            {
                console.Text.WriteLine(Describe(transfer));
            }
        }

        ResultWriter.Write(console, settings, stdoutCarriesData: false, $"{transfers.Count} resumable copy(ies)",
            new JsonObject { ["command"] = "resume", ["transfers"] = new JsonArray([.. transfers.Select(ToJson)]) });
        return ExitCodes.Success;
    }

    private static async Task<int> DiscardAsync(CliSettings settings, CliConsole console, TransferUtility utility,
        IReadOnlyList<ResumableTransfer> transfers, string id, CancellationToken token)
    {
        ResumableTransfer[] chosen = [.. transfers.Where(t => id == All || t.Id == id)];
        if (chosen.Length == 0 && id != All)
        {
            throw new UsageException($"No resumable copy has the ID '{id}'; 's3tm resume --list' shows them.");
        }

        var discarded = new JsonArray();
        var elsewhere = new JsonArray();
        foreach (ResumableTransfer transfer in chosen)
        {
            bool done;
            try
            {
                done = await utility.DiscardResumableTransferAsync(transfer, token);
            }
            catch (InvalidOperationException e) when (id == All)
            {
                // An upload started against another endpoint: 'all' means all of this endpoint's, and says what it left.
                elsewhere.Add((JsonNode)ToJson(transfer));
                console.Error.WriteLine($"s3tm: left alone: {e.Message}");
                continue;
            }

            if (!done)
            {
                throw new InvalidOperationException($"{transfer.Id} is being resumed by a running copy; it was left alone.");
            }

            discarded.Add((JsonNode)ToJson(transfer));
            if (!settings.Quiet && !settings.Json)
            {
                console.Text.WriteLine($"discard: {Describe(transfer)}");
            }
        }

        ResultWriter.Write(console, settings, stdoutCarriesData: false,
            $"discarded {discarded.Count} resumable copy(ies){(elsewhere.Count > 0 ? $", left {elsewhere.Count} of another endpoint" : "")}",
            new JsonObject { ["command"] = "resume", ["discarded"] = discarded, ["otherEndpoint"] = elsewhere });
        return ExitCodes.Success;
    }

    /// <summary>One line: ID, direction, the two ends, progress, and when it last moved.</summary>
    private static string Describe(ResumableTransfer t)
    {
        bool up = t.Kind is ResumableTransferKind.Upload or ResumableTransferKind.UploadDirectory;
        string remote = $"s3://{t.BucketName}/{t.Key}";
        string done = t.TotalBytes < 0
            ? $"{Units.FormatBytes(t.CompletedBytes)} done"
            : $"{Units.FormatBytes(t.CompletedBytes)} of {Units.FormatBytes(t.TotalBytes)} done";
        return $"{t.Id} {(up ? "upload" : "download")}{(t.Kind is ResumableTransferKind.UploadDirectory or ResumableTransferKind.DownloadDirectory ? " -r" : "")} "
            + $"{(up ? t.LocalPath : remote)} to {(up ? remote : t.LocalPath)}, {done}, last written {t.LastUpdated:u}";
    }

    private static JsonObject ToJson(ResumableTransfer t) => new()
    {
        ["id"] = t.Id,
        ["kind"] = t.Kind.ToString(),
        ["bucket"] = t.BucketName,
        ["key"] = t.Key,
        ["localPath"] = t.LocalPath,
        ["uploadId"] = t.UploadId,
        ["totalBytes"] = t.TotalBytes,
        ["completedBytes"] = t.CompletedBytes,
        ["lastUpdated"] = t.LastUpdated,
        ["endpoint"] = t.Endpoint,
    };
}
