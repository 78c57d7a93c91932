using System.CommandLine;
using System.Text.Json.Nodes;
using Amazon.S3.Model;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// <c>rm s3://bucket/key</c>: one DeleteObject (S3 reports success for a key that does not exist). With --recursive,
/// every object under the prefix that --include/--exclude keep, deleted in DeleteObjects batches of 1,000 keys, one
/// <c>delete: s3://...</c> line each, as the AWS CLI prints them.
/// </summary>
internal static class RemoveCommand
{
    /// <summary>The most keys one DeleteObjects request takes.</summary>
    private const int BatchSize = 1000;

    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var target = new Argument<string>("PATH") { Description = "s3://bucket/key, or with --recursive s3://bucket[/prefix]" };
        var recursive = new Option<bool>("--recursive", "-r") { Description = "Delete every object under the prefix (s3://b/photos means the folder photos/)" };
        var include = new Option<string[]>("--include") { Description = "With --recursive: delete only keys below the prefix matching this pattern (the last matching rule wins)" };
        var exclude = new Option<string[]>("--exclude") { Description = "With --recursive: keep keys below the prefix matching this pattern" };
        var dryRun = new Option<bool>("--dryrun") { Description = "Print what would be deleted; delete nothing" };
        var command = new Command("rm", "Delete an object, or every object under a prefix") { target, recursive, include, exclude, dryRun };
        AddressAction.Set(command, options, target, async (result, settings, location, token) =>
        {
            var filter = new PathFilter([.. SyncArguments.Filters(result, include, exclude)]);
            if (!result.GetValue(recursive))
            {
                return await RemoveOneAsync(settings, console, location.RequireKey("add --recursive to delete every object under a prefix"), filter,
                    result.GetValue(dryRun), token);
            }

            using S3Session session = S3Session.Open(settings);
            return await RemovePrefixAsync(settings, console, session.Calls, location, filter, result.GetValue(dryRun), token);
        });
        return command;
    }

    /// <summary>Every object under <paramref name="location"/>'s prefix that <paramref name="filter"/> keeps; also the
    /// emptying of a bucket by <c>rb --force</c>.</summary>
    public static async Task<int> RemovePrefixAsync(CliSettings settings, CliConsole console, UtilityCalls calls, S3Location location, PathFilter filter,
        bool dryRun, CancellationToken token)
    {
        S3Location root = location with { Key = CopyDirectory.AsPrefix(location.Key) ?? string.Empty };
        IReadOnlyList<(string Key, string Relative, long Size)> objects = await BatchSources.ObjectsAsync(calls, root, filter, token);
        bool lines = !settings.Quiet && !settings.Json;
        var deleted = new JsonArray();
        var errors = new JsonArray();
        foreach ((string Key, string Relative, long Size)[] batch in objects.Chunk(BatchSize))
        {
            if (dryRun)
            {
                foreach ((string key, _, _) in batch)
                {
                    Print(lines ? console.Text : null, $"(dryrun) delete: s3://{location.Bucket}/{key}");
                    deleted.Add((JsonNode)JsonValue.Create(key));
                }

                continue;
            }

            DeleteObjectsResponse response = await calls.S3.DeleteObjectsAsync(new DeleteObjectsRequest
            {
                BucketName = location.Bucket,
                Objects = [.. batch.Select(o => new KeyVersion { Key = o.Key })],
                Quiet = false,
            }, calls.Slot, token);
            foreach (DeletedObject done in response.DeletedObjects ?? [])
            {
                Print(lines ? console.Text : null, $"delete: s3://{location.Bucket}/{done.Key}");
                deleted.Add((JsonNode)JsonValue.Create(done.Key));
            }

            foreach (DeleteError error in response.DeleteErrors ?? [])
            {
                console.Error.WriteLine($"delete failed: s3://{location.Bucket}/{error.Key} {error.Code}: {error.Message}");
                errors.Add((JsonNode)new JsonObject { ["key"] = error.Key, ["code"] = error.Code, ["message"] = error.Message });
            }
        }

        console.Text.Flush();
        if (settings.Json)
        {
            console.Text.WriteLine(ResultWriter.Serialize(new JsonObject
            {
                ["command"] = "rm",
                ["recursive"] = true,
                ["dryRun"] = dryRun,
                ["deleted"] = deleted,
                ["errors"] = errors,
            }));
            console.Text.Flush();
        }

        return errors.Count > 0 ? ExitCodes.Failed : ExitCodes.Success;
    }

    private static async Task<int> RemoveOneAsync(CliSettings settings, CliConsole console, S3Location location, PathFilter filter, bool dryRun,
        CancellationToken token)
    {
        if (!filter.Includes(location.Key[(location.Key.LastIndexOf('/') + 1)..]))
        {
            return ExitCodes.Success;
        }

        if (!dryRun)
        {
            using S3Session session = S3Session.Open(settings);
            await session.Calls.S3.DeleteObjectAsync(new DeleteObjectRequest { BucketName = location.Bucket, Key = location.Key }, session.Calls.Slot, token);
        }

        ResultWriter.Write(console, settings, stdoutCarriesData: false, $"{(dryRun ? "(dryrun) " : "")}delete: {location}",
            new JsonObject { ["command"] = "rm", ["object"] = location.ToString(), ["dryRun"] = dryRun });
        return ExitCodes.Success;
    }

    private static void Print(TextWriter? writer, string line) => writer?.WriteLine(line);
}
