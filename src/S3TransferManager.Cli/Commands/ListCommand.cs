using System.CommandLine;
using System.Globalization;
using System.Text.Json.Nodes;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>ls [s3://bucket[/prefix]]</c>: buckets, or one level of a bucket (folders as PRE), via ListObjectsV2.</summary>
internal static class ListCommand
{
    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var target = new Argument<string?>("PATH") { Description = "s3://bucket[/prefix]; none lists the buckets", Arity = ArgumentArity.ZeroOrOne };
        var command = new Command("ls", "List buckets, or the objects and folders under a prefix") { target };
        command.SetAction(async (result, token) =>
        {
            CliSettings settings = options.Read(result);
            using AmazonS3Client s3 = S3ClientFactory.Create(settings);
            string? path = result.GetValue(target);
            var items = new JsonArray();
            if (path is null)
            {
                ListBucketsResponse buckets = await s3.ListBucketsAsync(new ListBucketsRequest(), token);
                foreach (S3Bucket bucket in buckets.Buckets ?? [])
                {
                    items.Add(new JsonObject { ["bucket"] = bucket.BucketName });
                    WriteLine(settings, console, $"{bucket.CreationDate:yyyy-MM-dd HH:mm:ss} {bucket.BucketName}");
                }
            }
            else
            {
                await ListObjectsAsync(s3, S3Location.Parse(path), settings, console, items, token);
            }

            if (settings.Json)
            {
                console.Text.WriteLine(ResultWriter.Serialize(new JsonObject { ["command"] = "ls", ["items"] = items }));
            }

            return ExitCodes.Success;
        });
        return command;
    }

    private static async Task ListObjectsAsync(AmazonS3Client s3, S3Location location, CliSettings settings, CliConsole console,
        JsonArray items, CancellationToken token)
    {
        var request = new ListObjectsV2Request { BucketName = location.Bucket, Prefix = location.Key, Delimiter = "/" };
        ListObjectsV2Response response;
        do
        {
            response = await s3.ListObjectsV2Async(request, token);
            foreach (string prefix in response.CommonPrefixes ?? [])
            {
                items.Add(new JsonObject { ["prefix"] = prefix });
                WriteLine(settings, console, $"{"PRE",30} {prefix}");
            }

            foreach (S3Object item in response.S3Objects ?? [])
            {
                items.Add(new JsonObject { ["key"] = item.Key, ["size"] = item.Size, ["lastModified"] = item.LastModified, ["etag"] = item.ETag });
                WriteLine(settings, console, string.Create(CultureInfo.InvariantCulture,
                    $"{item.LastModified:yyyy-MM-dd HH:mm:ss} {item.Size,10} {item.Key}"));
            }

            request.ContinuationToken = response.NextContinuationToken;
        }
        while (response.IsTruncated == true);
    }

    private static void WriteLine(CliSettings settings, CliConsole console, string line)
    {
        if (!settings.Json)
        {
            console.Text.WriteLine(line);
        }
    }
}
