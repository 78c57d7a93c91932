using System.CommandLine;
using System.Diagnostics;
using System.Text.Json.Nodes;
using Amazon.S3;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>cp SRC DST</c>: one side local (a file, or <c>-</c> for stdin/stdout) and the other s3://bucket/key, or both
/// s3:// for a server-side copy.</summary>
internal static class CopyCommand
{
    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var source = new Argument<string>("SRC") { Description = "A local file, '-' for stdin, or s3://bucket/key" };
        var destination = new Argument<string>("DST") { Description = "A local file or folder, '-' for stdout, or s3://bucket/key (a key ending in '/' takes the file's name)" };
        var recursive = new Option<bool>("--recursive", "-r") { Description = "Copy a folder to a prefix, a prefix to a folder, or a prefix to another prefix (subfolders included)" };
        var command = new Command("cp", "Copy a file, folder or stdin to S3, an object or prefix to a file, folder or stdout, or within S3 (server-side)") { source, destination, recursive };
        command.SetAction((result, token) => RunAsync(
            options.Read(result), console, result.GetRequiredValue(source), result.GetRequiredValue(destination), result.GetValue(recursive), token));
        return command;
    }

    private static async Task<int> RunAsync(CliSettings settings, CliConsole console, string source, string destination, bool recursive, CancellationToken token)
    {
        bool serverSide = S3Location.IsS3(source) && S3Location.IsS3(destination);
        CopyArguments? copy = serverSide ? null : CopyArguments.Check(source, destination, recursive);
        (S3Location? from, S3Location? to) = serverSide ? ServerSideCopy.Check(source, destination, recursive) : (null, null);
        string verb = serverSide ? "copy" : copy!.Up ? "upload" : "download";
        using AmazonS3Client s3 = S3ClientFactory.Create(settings);
        using var utility = new TransferUtility(s3, settings.TransferConfig());
        var clock = Stopwatch.StartNew();
        JsonObject json;
        try
        {
            json = (verb, recursive) switch
            {
                ("copy", false) => await ServerSideCopy.CopyAsync(settings, console, utility, from!, to!, token),
                ("copy", true) => await ServerSideCopy.CopyPrefixAsync(settings, console, utility, from!, to!, token),
                ("upload", false) => await UploadAsync(settings, console, utility, copy!.Local, copy.Remote, token),
                ("download", false) => await DownloadAsync(settings, console, utility, copy!.Remote, copy.Local, token),
                ("upload", true) => await CopyDirectory.UploadAsync(settings, console, utility, copy!.Local, copy.Remote, token),
                _ => await CopyDirectory.DownloadAsync(settings, console, utility, copy!.Remote, copy.Local, token),
            };
        }
        catch (Exception e)
        {
            if (await ExplainAsync(e, s3, utility, settings, copy, from, recursive) is { } explained)
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
    private static async Task<Exception?> ExplainAsync(Exception e, AmazonS3Client s3, TransferUtility utility, CliSettings settings,
        CopyArguments? copy, S3Location? from, bool recursive)
    {
        if (recursive)
        {
            return null;
        }

        if (e is AmazonS3Exception { StatusCode: System.Net.HttpStatusCode.NotFound } && (from ?? (copy is { Up: false } ? copy.Remote : null)) is { } source
            && await PrefixHint.IsPrefixAsync(s3, source, CancellationToken.None))
        {
            return PrefixHint.NotAnObject(source, e);
        }

        return settings.Resume && copy is { } single && single.Local != CopyArguments.Stdio
            && await KeptForResume.DescribeAsync(utility, single.Up, single.Local, single.Remote) is { } hint
            ? new KeptForResumeException(e, hint)
            : null;
    }

    private static async Task<JsonObject> UploadAsync(CliSettings settings, CliConsole console, TransferUtility utility,
        string source, S3Location target, CancellationToken token)
    {
        bool fromStdin = source == CopyArguments.Stdio;
        if (target.Key.Length == 0 || target.Key.EndsWith('/'))
        {
            target = target with { Key = target.Key + Path.GetFileName(source) };
        }

        TransferUtilityUploadRequest request = TransferRequests.Upload(settings, target.Bucket, target.Key);
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
            ["checksumType"] = response.ChecksumType?.Value,
            ["checksumCRC32"] = response.ChecksumCRC32,
            ["checksumCRC32C"] = response.ChecksumCRC32C,
            ["checksumCRC64NVME"] = response.ChecksumCRC64NVME,
            ["checksumSHA1"] = response.ChecksumSHA1,
            ["checksumSHA256"] = response.ChecksumSHA256,
        };
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
