using System.Text.Json.Nodes;
using Amazon.S3;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// <c>cp s3://a/k s3://b/k2</c> and <c>cp -r s3://a/p s3://b/q</c>: S3 copies the bytes itself (CopyObject, or
/// UploadPartCopy ranges above the multipart threshold), so none pass through this machine and a bandwidth cap does
/// not apply to them.
/// </summary>
internal static class ServerSideCopy
{
    /// <summary>Both addresses, checked before any credentials are looked up: a single copy needs a source key, and a
    /// destination ending in '/' (or a bare bucket) takes the source's name, as a folder does in cp.</summary>
    public static (S3Location Source, S3Location Target) Check(string source, string destination, bool recursive)
    {
        S3Location from = S3Location.Parse(source);
        S3Location to = S3Location.Parse(destination);
        if (recursive)
        {
            return (from, to);
        }

        from.RequireKey("add -r (--recursive) to copy every object under a prefix");
        return to.Key.Length == 0 || to.Key.EndsWith('/')
            ? (from, to with { Key = to.Key + from.Key[(from.Key.LastIndexOf('/') + 1)..] })
            : (from, to);
    }

    /// <summary>The library's request for one object, with the global options and the objects' settings applied.</summary>
    public static TransferUtilityCopyRequest Request(CliSettings settings, S3Location source, S3Location target, ObjectSettings objects)
    {
        var request = new TransferUtilityCopyRequest
        {
            SourceBucket = source.Bucket,
            SourceKey = source.Key,
            DestinationBucket = target.Bucket,
            DestinationKey = target.Key,
            PartSize = settings.PartSize,
        };
        if (settings.Checksum is { } checksum)
        {
            request.ChecksumAlgorithm = ChecksumAlgorithm.FindValue(checksum);
        }

        objects.Apply(request);
        return request;
    }

    public static async Task<JsonObject> CopyAsync(CliSettings settings, CliConsole console, TransferUtility utility,
        S3Location source, S3Location target, ObjectSettings objects, CancellationToken token)
    {
        TransferUtilityCopyRequest request = Request(settings, source, target, objects);
        TransferUtilityCopyResponse response;
        try
        {
            response = await ProgressDisplay.RunAsync(console, settings, ProgressKind.Download, $"copy {source}", -1, progress =>
            {
                request.CopyProgressEvent += (_, e) => progress.Report(e.TransferredBytes, e.TotalBytes);
                return utility.CopyWithResponseAsync(request, token);
            });
        }
        catch (AmazonS3Exception e) when (e.StatusCode == System.Net.HttpStatusCode.NotFound && e.ErrorCode == "NotFound")
        {
            // The copy starts with a HEAD, whose 404 has no body to say what is missing: say it here.
            throw new AmazonS3Exception($"No object {source} (or no bucket {source.Bucket}).", e, e.ErrorType, e.ErrorCode, e.RequestId, e.StatusCode);
        }

        var json = new JsonObject
        {
            ["command"] = "cp",
            ["direction"] = "copy",
            ["source"] = source.ToString(),
            ["destination"] = target.ToString(),
            ["bytes"] = response.ContentLength,
            ["etag"] = response.ETag,
            ["sourceETag"] = response.SourceETag,
            ["partCount"] = response.PartCount,
        };
        StoredChecksumsJson.Add(json, response.ChecksumType, response.ChecksumCRC32, response.ChecksumCRC32C, response.ChecksumCRC64NVME,
            response.ChecksumSHA1, response.ChecksumSHA256);
        return json;
    }

    public static async Task<JsonObject> CopyPrefixAsync(CliSettings settings, CliConsole console, TransferUtility utility,
        S3Location source, S3Location target, ObjectSettings objects, CancellationToken token)
    {
        var request = new TransferUtilityCopyDirectoryRequest
        {
            SourceBucket = source.Bucket,
            SourcePrefix = CopyDirectory.AsPrefix(source.Key),
            DestinationBucket = target.Bucket,
            DestinationPrefix = CopyDirectory.AsPrefix(target.Key),
        };
        if (settings.Checksum is { } checksum)
        {
            request.ChecksumAlgorithm = ChecksumAlgorithm.FindValue(checksum);
        }

        request.CopyDirectoryObjectRequestEvent += (_, e) => objects.Apply(e.CopyRequest);
        (TransferUtilityCopyDirectoryResponse response, long bytes) = await DirectoryProgress.RunAsync(console, settings, $"copy {source}", report =>
        {
            request.CopyDirectoryProgressEvent += (_, e) => report(e.TransferredBytes, e.TotalBytes);
            return utility.CopyDirectoryWithResponseAsync(request, token);
        });
        return CopyDirectory.Result("copy", source.ToString(), $"s3://{target.Bucket}/{request.DestinationPrefix}", bytes,
            response.ObjectsCopied, response.ObjectsFailed, response.Errors);
    }
}
