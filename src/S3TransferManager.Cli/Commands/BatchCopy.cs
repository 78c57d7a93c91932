using Amazon.S3.Model;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// cp -r with --include/--exclude or --dryrun, and mv -r: every file or object under the root that the filters keep,
/// one operation each (so each gets its own line, and mv deletes each source as soon as its own copy succeeded), all
/// through one utility.
/// </summary>
internal static class BatchCopy
{
    public static async Task<int> RunAsync(CliSettings settings, CliConsole console, UtilityCalls calls, TransferUtility utility,
        CopyArguments? copy, S3Location? from, S3Location? to, CopyFlags flags, CancellationToken token)
    {
        List<BatchItem> items = copy is { Up: true }
            ? Uploads(settings, utility, copy, flags)
            : await FromS3Async(settings, calls, utility, copy, from ?? copy!.Remote, to, flags, token);
        string verb = flags.Move ? "move" : copy is null ? "copy" : copy.Up ? "upload" : "download";
        return await ObjectBatch.RunAsync(console, settings, flags.Move ? "mv" : "cp", verb, items, flags.DryRun, token);
    }

    private static List<BatchItem> Uploads(CliSettings settings, TransferUtility utility, CopyArguments copy, CopyFlags flags)
    {
        string prefix = CopyDirectory.AsPrefix(copy.Remote.Key) ?? string.Empty;
        var items = new List<BatchItem>();
        foreach ((string path, string relative, long size) in BatchSources.Files(copy.Local, flags.Filter))
        {
            S3Location target = copy.Remote with { Key = prefix + relative };
            items.Add(new BatchItem(path, target.ToString(), size, async token =>
            {
                TransferUtilityUploadRequest request = TransferRequests.Upload(settings, target.Bucket, target.Key);
                request.FilePath = path;
                flags.Objects.Apply(request);
                await utility.UploadWithResponseAsync(request, token);
                if (flags.Move)
                {
                    File.Delete(path);
                }
            }));
        }

        return items;
    }

    /// <summary>Downloads (<paramref name="copy"/> given) or copies within S3 (<paramref name="to"/> given) of every
    /// object under <paramref name="source"/>'s prefix.</summary>
    private static async Task<List<BatchItem>> FromS3Async(CliSettings settings, UtilityCalls calls, TransferUtility utility,
        CopyArguments? copy, S3Location source, S3Location? to, CopyFlags flags, CancellationToken token)
    {
        S3Location root = source with { Key = CopyDirectory.AsPrefix(source.Key) ?? string.Empty };
        var items = new List<BatchItem>();
        foreach ((string key, string relative, long size) in await BatchSources.ObjectsAsync(calls, root, flags.Filter, token))
        {
            S3Location from = source with { Key = key };
            if (to is not null)
            {
                S3Location target = to with { Key = (CopyDirectory.AsPrefix(to.Key) ?? string.Empty) + relative };
                items.Add(new BatchItem(from.ToString(), target.ToString(), size, async itemToken =>
                {
                    await utility.CopyWithResponseAsync(ServerSideCopy.Request(settings, from, target, flags.Objects), itemToken);
                    await DeleteIfMovingAsync(calls, from, flags, itemToken);
                }));
                continue;
            }

            if (relative.EndsWith('/'))
            {
                // A folder marker (a zero-byte "photos/" key): there is no file to write for it.
                continue;
            }

            string? path = BatchSources.LocalPath(copy!.Local, relative);
            items.Add(new BatchItem(from.ToString(), path ?? relative, size, async itemToken =>
            {
                if (path is null)
                {
                    throw new InvalidOperationException($"the key {key} would be written outside {copy.Local}; it was left alone.");
                }

                await utility.DownloadWithResponseAsync(TransferRequests.Download(settings, from.Bucket, from.Key, path), itemToken);
                await DeleteIfMovingAsync(calls, from, flags, itemToken);
            }));
        }

        return items;
    }

    private static async Task DeleteIfMovingAsync(UtilityCalls calls, S3Location source, CopyFlags flags, CancellationToken token)
    {
        if (flags.Move)
        {
            await calls.S3.DeleteObjectAsync(new DeleteObjectRequest { BucketName = source.Bucket, Key = source.Key }, calls.Slot, token);
        }
    }
}
