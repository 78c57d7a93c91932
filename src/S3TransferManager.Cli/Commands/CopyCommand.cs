using System.CommandLine;
using System.Diagnostics;
using System.Text.Json.Nodes;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>cp SRC DST</c> (and <c>mv</c>): one side local (a file, or <c>-</c> for stdin/stdout) and the other
/// s3://bucket/key, or both s3:// for a server-side copy.</summary>
internal static class CopyCommand
{
    public static Command Create(GlobalOptions options, CliConsole console) => Build(options, console, move: false);

    /// <summary>cp, or with <paramref name="move"/> mv: the same arguments and options.</summary>
    public static Command Build(GlobalOptions options, CliConsole console, bool move)
    {
        var source = new Argument<string>("SRC") { Description = move ? "A local file or folder, or s3://bucket/key" : "A local file, '-' for stdin, or s3://bucket/key" };
        var destination = new Argument<string>("DST")
        {
            Description = move
                ? "A local file or folder, or s3://bucket/key (a key ending in '/' takes the file's name)"
                : "A local file or folder, '-' for stdout, or s3://bucket/key (a key ending in '/' takes the file's name)",
        };
        var recursive = new Option<bool>("--recursive", "-r")
        {
            Description = move
                ? "Move a folder to a prefix, a prefix to a folder, or a prefix to another prefix, one line per object"
                : "Copy a folder to a prefix, a prefix to a folder, or a prefix to another prefix (subfolders included). Unlike the AWS CLI, it prints one summary line, not a line per object (with --include, --exclude or --dryrun: a line per object)",
        };
        var include = new Option<string[]>("--include") { Description = "Copy only paths below SRC matching this pattern, as the AWS CLI's (rules apply in order; the last match wins)" };
        var exclude = new Option<string[]>("--exclude") { Description = "Leave out paths below SRC matching this pattern" };
        var dryRun = new Option<bool>("--dryrun") { Description = "Print what would be done; change nothing" };
        var objects = new ObjectSettingsOptions();
        var command = new Command(move ? "mv" : "cp", move
            ? "Move a file or folder to S3, an object or prefix to a file or folder, or within S3: copy, then delete the source"
            : "Copy a file, folder or stdin to S3, an object or prefix to a file, folder or stdout, or within S3 (server-side)")
        {
            source, destination, recursive, include, exclude, dryRun,
        };
        foreach (System.CommandLine.Option option in objects.All)
        {
            command.Options.Add(option);
        }

        command.SetAction((result, token) => RunAsync(options.Read(result), console, result.GetRequiredValue(source), result.GetRequiredValue(destination),
            new CopyFlags(result.GetValue(recursive), new PathFilter([.. SyncArguments.Filters(result, include, exclude)]), objects.Read(result),
                result.GetValue(dryRun), move),
            token));
        return command;
    }

    private static async Task<int> RunAsync(CliSettings settings, CliConsole console, string source, string destination, CopyFlags flags, CancellationToken token)
    {
        bool recursive = flags.Recursive;
        bool serverSide = S3Location.IsS3(source) && S3Location.IsS3(destination);
        if (flags.Move && (source == CopyArguments.Stdio || destination == CopyArguments.Stdio))
        {
            throw new UsageException("mv moves files and objects; '-' (stdin/stdout) has nothing to delete afterwards: use cp.");
        }

        CopyArguments? copy = serverSide ? null : CopyArguments.Check(source, destination, recursive);
        (S3Location? from, S3Location? to) = serverSide ? ServerSideCopy.Check(source, destination, recursive) : (null, null);
        if (flags.Move && serverSide && !recursive && from == to)
        {
            throw new UsageException($"mv of {from} onto itself would delete it.");
        }

        string verb = serverSide ? "copy" : copy!.Up ? "upload" : "download";
        if (!recursive && !flags.Filter.Includes(SingleName(copy, from)))
        {
            // As the AWS CLI: a file the filters leave out is not copied, and that is no error.
            return ExitCodes.Success;
        }

        if (!recursive && flags.DryRun)
        {
            string line = copy is null ? $"{from} to {to}" : copy.Up ? $"{copy.Local} to {UploadTarget(copy.Local, copy.Remote)}" : $"{copy.Remote} to {copy.Local}";
            if (!settings.Quiet)
            {
                console.Text.WriteLine($"(dryrun) {(flags.Move ? "move" : verb)}: {line}");
            }

            return ExitCodes.Success;
        }

        using S3Session session = S3Session.Open(settings);
        TransferUtility utility = session.Utility;
        if (flags.ObjectByObject)
        {
            return await BatchCopy.RunAsync(settings, console, session.Calls, utility, copy, from, to, flags, token);
        }

        var clock = Stopwatch.StartNew();
        JsonObject json;
        try
        {
            json = (verb, recursive) switch
            {
                ("copy", false) => await ServerSideCopy.CopyAsync(settings, console, utility, from!, to!, flags.Objects, token),
                ("copy", true) => await ServerSideCopy.CopyPrefixAsync(settings, console, utility, from!, to!, flags.Objects, token),
                ("upload", false) => await UploadAsync(settings, console, utility, copy!.Local, copy.Remote, flags.Objects, token),
                ("download", false) => await DownloadAsync(settings, console, utility, copy!.Remote, copy.Local, token),
                ("upload", true) => await CopyDirectory.UploadAsync(settings, console, utility, copy!.Local, copy.Remote, flags.Objects, token),
                _ => await CopyDirectory.DownloadAsync(settings, console, utility, copy!.Remote, copy.Local, token),
            };
            if (flags.Move)
            {
                // Only once the copy succeeded, as the AWS CLI's mv.
                await DeleteSourceAsync(session.Calls, copy, from, token);
                verb = "move";
            }
        }
        catch (Exception e)
        {
            if (await ExplainAsync(e, session.Calls, utility, settings, copy, from, recursive) is { } explained)
            {
                throw explained;
            }

            throw;
        }

        clock.Stop();
        long bytes = (long)json["bytes"]!;
        json["seconds"] = Math.Round(clock.Elapsed.TotalSeconds, 3);
        json["bytesPerSecond"] = clock.Elapsed > TimeSpan.Zero ? (long)(bytes / clock.Elapsed.TotalSeconds) : 0;
        string summary = $"{verb}: {json["source"]} to {json["destination"]}, {Units.FormatBytes(bytes)} in {clock.Elapsed.TotalSeconds:0.00} s ({Units.FormatRate(bytes, clock.Elapsed)})";
        if (recursive)
        {
            summary += $", {json["objects"]} object(s)";
        }
        else if (serverSide)
        {
            // The bytes never left S3: say so, so the rate is not read as this machine's bandwidth.
            summary += $", server-side{((int)json["partCount"]! > 0 ? $" in {json["partCount"]} parts" : string.Empty)}";
        }
        else if (verb == "download")
        {
            // What a download checked its bytes against, so a user sees integrity was verified (or why it was not).
            summary += json["checksumValidated"]!.GetValue<bool>()
                ? $", {json["checksumAlgorithm"]} {json["checksumType"]} checksum verified{(json["checksumInferred"]!.GetValue<bool>() ? " (type inferred)" : "")}"
                : $", checksum not verified: {json["checksumNotValidatedReason"]}";
        }

        summary += ResumeReport.Summary(json, up: verb == "upload");

        ResultWriter.Write(console, settings, stdoutCarriesData: destination == CopyArguments.Stdio, summary, json);
        return json["objectsFailed"] is { } failed && (long)failed > 0 ? ExitCodes.Failed : ExitCodes.Success;
    }

    /// <summary>
    /// A failure that needs more than its own message, or null: a download or copy of a key that is not an object but a
    /// prefix (say to add -r), or a copy of one file that kept its work for a resume (say where, how much, and how to
    /// resume or discard it).
    /// </summary>
    private static async Task<Exception?> ExplainAsync(Exception e, UtilityCalls calls, TransferUtility utility, CliSettings settings,
        CopyArguments? copy, S3Location? from, bool recursive)
    {
        if (recursive)
        {
            return null;
        }

        if (e is AmazonS3Exception { StatusCode: System.Net.HttpStatusCode.NotFound } && (from ?? (copy is { Up: false } ? copy.Remote : null)) is { } source
            && await PrefixHint.IsPrefixAsync(calls, source, CancellationToken.None))
        {
            return PrefixHint.NotAnObject(source, e);
        }

        return settings.Resume && copy is { } single && single.Local != CopyArguments.Stdio
            && await KeptForResume.DescribeAsync(utility, single.Up, single.Local, single.Remote) is { } hint
            ? new KeptForResumeException(e, hint)
            : null;
    }

    /// <summary>The name a single cp's filters are matched against: the source's file or object name.</summary>
    private static string SingleName(CopyArguments? copy, S3Location? from) =>
        copy is { Up: true } ? Path.GetFileName(copy.Local) : (from ?? copy!.Remote).Key[((from ?? copy!.Remote).Key.LastIndexOf('/') + 1)..];

    /// <summary>A key ending in '/' (or none) takes the file's name.</summary>
    private static S3Location UploadTarget(string source, S3Location target) =>
        target.Key.Length == 0 || target.Key.EndsWith('/') ? target with { Key = target.Key + Path.GetFileName(source) } : target;

    private static async Task DeleteSourceAsync(UtilityCalls calls, CopyArguments? copy, S3Location? from, CancellationToken token)
    {
        if (copy is { Up: true })
        {
            File.Delete(copy.Local);
        }
        else
        {
            S3Location source = from ?? copy!.Remote;
            await calls.S3.DeleteObjectAsync(new DeleteObjectRequest { BucketName = source.Bucket, Key = source.Key }, calls.Slot, token);
        }
    }

    private static async Task<JsonObject> UploadAsync(CliSettings settings, CliConsole console, TransferUtility utility,
        string source, S3Location target, ObjectSettings objects, CancellationToken token)
    {
        bool fromStdin = source == CopyArguments.Stdio;
        target = UploadTarget(source, target);
        TransferUtilityUploadRequest request = TransferRequests.Upload(settings, target.Bucket, target.Key);
        objects.Apply(request);
        long total = fromStdin ? -1 : new FileInfo(source).Length;
        TransferUtilityUploadResponse response = await ProgressDisplay.RunAsync(console, settings, ProgressKind.Upload, $"upload {target}", total, progress =>
        {
            if (fromStdin)
            {
                // Stdin is not seekable: the library reads it once, part by part, and never needs its length.
                request.InputStream = new EndObservingStream(console.Input, progress.SourceEnded);
            }
            else
            {
                request.FilePath = source;
            }

            request.UploadProgressEvent += (_, e) => progress.Report(e.TransferredBytes, e.TotalBytes);
            return utility.UploadWithResponseAsync(request, token);
        });
        var json = new JsonObject
        {
            ["command"] = "cp",
            ["direction"] = "upload",
            ["source"] = source,
            ["destination"] = target.ToString(),
            ["bytes"] = response.ContentLength,
            ["etag"] = response.ETag,
            ["partCount"] = response.PartCount,
        };
        StoredChecksumsJson.Add(json, response.ChecksumType, response.ChecksumCRC32, response.ChecksumCRC32C, response.ChecksumCRC64NVME,
            response.ChecksumSHA1, response.ChecksumSHA256);
        ResumeReport.Add(json, response.ResumedBytes, response.TransferredBytes, response.ResumeRestarts);
        return json;
    }

    private static async Task<JsonObject> DownloadAsync(CliSettings settings, CliConsole console, TransferUtility utility,
        S3Location source, string destination, CancellationToken token)
    {
        TransferUtilityGetObjectResponseBase response;
        long bytes;
        if (destination == CopyArguments.Stdio)
        {
            (response, bytes) = await StreamToOutput.CopyAsync(settings, console, utility, source, $"stream {source}", token);
        }
        else
        {
            TransferUtilityDownloadRequest request = TransferRequests.Download(settings, source.Bucket, source.Key, destination);
            CreatedFolders folders = CreatedFolders.Before(Path.GetDirectoryName(Path.GetFullPath(destination))!);
            try
            {
                response = await ProgressDisplay.RunAsync(console, settings, ProgressKind.Download, $"download {source}", -1, progress =>
                {
                    request.WriteObjectProgressEvent += (_, e) => progress.Report(e.TransferredBytes, e.TotalBytes);
                    return utility.DownloadWithResponseAsync(request, token);
                });
            }
            catch
            {
                folders.RemoveEmpty();
                throw;
            }

            bytes = response.ContentLength;
        }

        var json = new JsonObject
        {
            ["command"] = "cp",
            ["direction"] = "download",
            ["source"] = source.ToString(),
            ["destination"] = destination,
            ["bytes"] = bytes,
            ["etag"] = response.ETag,
            ["versionId"] = response.VersionId,
            ["checksumValidated"] = response.ChecksumValidation?.Validated ?? false,
            ["checksumAlgorithm"] = response.ChecksumValidation?.Algorithm?.Value,
            ["checksumType"] = response.ChecksumValidation?.ChecksumType?.Value,
            ["checksumInferred"] = response.ChecksumValidation?.IsInferred ?? false,
            ["checksum"] = response.ChecksumValidation?.Checksum,
            ["checksumNotValidatedReason"] = response.ChecksumValidation?.NotValidatedReason,
        };
        if (response is TransferUtilityDownloadResponse file)
        {
            ResumeReport.Add(json, file.ResumedBytes, file.TransferredBytes, file.ResumeRestarts);
        }

        return json;
    }
}
