using System.Text.Json.Nodes;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>cp --recursive</c>: a folder to a prefix or a prefix to a folder, through the library's directory API.</summary>
internal static class CopyDirectory
{
    public static async Task<JsonObject> UploadAsync(CliSettings settings, CliConsole console, TransferUtility utility,
        string folder, S3Location target, ObjectSettings objects, CancellationToken token)
    {
        var request = new TransferUtilityUploadDirectoryRequest
        {
            BucketName = target.Bucket,
            Directory = folder,
            KeyPrefix = AsPrefix(target.Key),
            SearchOption = SearchOption.AllDirectories,
            UploadFilesConcurrently = true,
            PartSize = settings.PartSize,
        };
        TransferUtilityUploadRequest single = TransferRequests.Upload(settings, target.Bucket, "unused");
        request.ChecksumAlgorithm = single.ChecksumAlgorithm;
        objects.Apply(request);
        (TransferUtilityUploadDirectoryResponse response, long bytes) = await DirectoryProgress.RunAsync(console, settings, $"upload {target}", report =>
        {
            request.UploadDirectoryProgressEvent += (_, e) => report(e.TransferredBytes, e.TotalBytes);
            return utility.UploadDirectoryWithResponseAsync(request, token);
        });
        JsonObject json = Result("upload", folder, $"s3://{target.Bucket}/{request.KeyPrefix}", bytes,
            response.ObjectsUploaded, response.ObjectsFailed, response.Errors);
        ResumeReport.Add(json, response.ResumedBytes, response.TransferredBytes, []);
        return json;
    }

    public static async Task<JsonObject> DownloadAsync(CliSettings settings, CliConsole console, TransferUtility utility,
        S3Location source, string folder, CancellationToken token)
    {
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = source.Bucket,
            S3Directory = source.Key.Length == 0 ? null : source.Key,
            LocalDirectory = folder,
            DownloadFilesConcurrently = true,
        };
        if (settings.PartSize is { } partSize)
        {
            // A directory download has no part size of its own (as on the AWS SDK): each object's request gets it.
            request.DownloadDirectoryFileRequestEvent += (_, e) => e.DownloadRequest.PartSize = partSize;
        }

        CreatedFolders folders = CreatedFolders.Before(folder);
        TransferUtilityDownloadDirectoryResponse response;
        long bytes;
        try
        {
            (response, bytes) = await DirectoryProgress.RunAsync(console, settings, $"download {source}", report =>
            {
                request.DownloadedDirectoryProgressEvent += (_, e) => report(e.TransferredBytes, e.TotalBytes);
                return utility.DownloadDirectoryWithResponseAsync(request, token);
            });
        }
        catch
        {
            // Ctrl+C or a failure: the objects that completed stay, the folders made for the others go.
            folders.RemoveEmpty();
            throw;
        }

        JsonObject json = Result("download", source.ToString(), folder, bytes,
            response.ObjectsDownloaded, response.ObjectsFailed, response.Errors);
        ResumeReport.Add(json, response.ResumedBytes, response.TransferredBytes, []);
        return json;
    }

    /// <summary>s3://b/photos and s3://b/photos/ both mean the folder photos/, as with <c>aws s3 cp --recursive</c>.</summary>
    public static string? AsPrefix(string key) => key.Length == 0 ? null : key.EndsWith('/') ? key : key + "/";

    public static JsonObject Result(string direction, string source, string destination, long bytes, long objects, long failed,
        IList<Exception> errors) => new()
        {
            ["command"] = "cp",
            ["direction"] = direction,
            ["recursive"] = true,
            ["source"] = source,
            ["destination"] = destination,
            ["bytes"] = bytes,
            ["objects"] = objects,
            ["objectsFailed"] = failed,
            ["errors"] = new JsonArray([.. errors.Select(e => JsonValue.Create(e.Message))]),
        };
}
