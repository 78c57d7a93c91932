using System.CommandLine;
using System.Text.Json.Nodes;
using Amazon.S3.Model;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// <c>ls [s3://bucket[/prefix]]</c>: buckets, or one level of a bucket (names relative to the prefix, folders as PRE),
/// or with --recursive every key under the prefix, in <c>aws s3 ls</c>'s columns (<see cref="ListingFormat"/>).
/// --json writes the same items in one JSON object (its items array), full keys included, for scripts.
/// </summary>
internal static class ListCommand
{
    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var target = new Argument<string?>("PATH") { Description = "s3://bucket[/prefix]; none lists the buckets", Arity = ArgumentArity.ZeroOrOne };
        var recursive = new Option<bool>("--recursive", "-r") { Description = "Every object under the prefix, with full keys" };
        var human = new Option<bool>("--human-readable") { Description = "Sizes in KiB, MiB, GiB, ..." };
        var summarize = new Option<bool>("--summarize") { Description = "End with the number of objects and their total size" };
        var command = new Command("ls", "List buckets, or the objects and folders under a prefix") { target, recursive, human, summarize };
        command.SetAction(async (result, token) =>
        {
            CliSettings settings = options.Read(result);
            string? path = result.GetValue(target);
            S3Location? location = path is null ? null : S3Location.Parse(path);
            using S3Session session = S3Session.Open(settings);
            UtilityCalls calls = session.Calls;
            var listing = new Listing(settings.Json ? null : console.Text, result.GetValue(human));
            if (location is null)
            {
                ListBucketsResponse buckets = await calls.S3.ListBucketsAsync(new ListBucketsRequest(), calls.Slot, token);
                foreach (S3Bucket bucket in buckets.Buckets ?? [])
                {
                    listing.Bucket(bucket);
                }
            }
            else
            {
                await ListObjectsAsync(calls, location, result.GetValue(recursive), listing, token);
            }

            // As the AWS CLI: a prefix under which nothing is listed is a failure (exit 1), so a script's
            // `s3tm ls s3://b/maybe/ && ...` tells "there" from "not there"; an empty bucket is not.
            int code = location is { Key.Length: > 0 } && listing.Items.Count == 0 ? ExitCodes.Failed : ExitCodes.Success;

            if (settings.Json)
            {
                console.Text.WriteLine(ResultWriter.Serialize(new JsonObject { ["command"] = "ls", ["items"] = listing.Items }));
            }
            else if (result.GetValue(summarize))
            {
                listing.Summarize();
            }

            return code;
        });
        return command;
    }

    private static async Task ListObjectsAsync(UtilityCalls calls, S3Location location, bool recursive, Listing listing, CancellationToken token)
    {
        var request = new ListObjectsV2Request { BucketName = location.Bucket, Prefix = location.Key, Delimiter = recursive ? null : "/" };
        ListObjectsV2Response response;
        do
        {
            response = await calls.S3.ListObjectsV2Async(request, calls.Slot, token);
            foreach (string prefix in response.CommonPrefixes ?? [])
            {
                listing.Prefix(prefix, ListingFormat.Relative(prefix, location.Key));
            }

            foreach (S3Object item in response.S3Objects ?? [])
            {
                listing.Object(item, recursive ? item.Key : ListingFormat.Relative(item.Key, location.Key));
            }

            request.ContinuationToken = response.NextContinuationToken;
        }
        while (response.IsTruncated == true);
    }

    /// <summary>What ls found: lines as they come (unless --json), the JSON items, and the totals for --summarize.</summary>
    private sealed class Listing(TextWriter? lines, bool humanReadable)
    {
        private long _objects;
        private long _bytes;

        public JsonArray Items { get; } = [];

        public void Bucket(S3Bucket bucket)
        {
            Items.Add((JsonNode)new JsonObject { ["bucket"] = bucket.BucketName });
            lines?.WriteLine(ListingFormat.Bucket(bucket.CreationDate ?? DateTime.MinValue, bucket.BucketName));
        }

        public void Prefix(string prefix, string name)
        {
            Items.Add((JsonNode)new JsonObject { ["prefix"] = prefix });
            lines?.WriteLine(ListingFormat.Prefix(name));
        }

        public void Object(S3Object item, string name)
        {
            long size = item.Size ?? 0;
            _objects++;
            _bytes += size;
            Items.Add((JsonNode)new JsonObject { ["key"] = item.Key, ["size"] = item.Size, ["lastModified"] = item.LastModified, ["etag"] = item.ETag });
            lines?.WriteLine(ListingFormat.Object(item.LastModified ?? DateTime.MinValue, size, name, humanReadable));
        }

        public void Summarize()
        {
            foreach (string line in ListingFormat.Summary(_objects, _bytes, humanReadable))
            {
                lines?.WriteLine(line);
            }
        }
    }
}
