using System.Text.Json;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// Writes an object with boto3 (python3) on the same moto: its managed upload_file (multipart at and above 8 MiB, its
/// default), with the content type, metadata, cache control and tags given, so copies and syncs are tested on objects
/// another client wrote and described.
/// </summary>
public static class Boto3Writer
{
    private const string Script = """
        import json, sys, boto3
        from botocore.config import Config
        endpoint, bucket, key, path, options = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], json.loads(sys.argv[5])
        s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="test",
                          aws_secret_access_key="test", config=Config(s3={"addressing_style": "path"}))
        s3.upload_file(path, bucket, key, ExtraArgs=options)
        print(s3.head_object(Bucket=bucket, Key=key)["ETag"])
        """;

    /// <summary>Uploads <paramref name="file"/> as <paramref name="key"/>; returns the ETag moto stored.</summary>
    /// <param name="server">The moto to write to.</param>
    /// <param name="bucket">The bucket.</param>
    /// <param name="key">The key.</param>
    /// <param name="file">The local file to upload.</param>
    /// <param name="contentType">The Content-Type to store (moto stores a PUT without one as a form post).</param>
    /// <param name="metadata">User metadata, keyed without the x-amz-meta- prefix.</param>
    /// <param name="cacheControl">The Cache-Control to store, if any.</param>
    /// <param name="tagging">Tags as a URL query (a=1&amp;b=2), if any.</param>
    public static async Task<string> UploadFileAsync(MotoServer server, string bucket, string key, string file,
        string contentType = "application/octet-stream", IReadOnlyDictionary<string, string>? metadata = null, string? cacheControl = null,
        string? tagging = null)
    {
        var options = new Dictionary<string, object> { ["ContentType"] = contentType };
        if (metadata is not null)
        {
            options["Metadata"] = metadata;
        }

        if (cacheControl is not null)
        {
            options["CacheControl"] = cacheControl;
        }

        if (tagging is not null)
        {
            options["Tagging"] = tagging;
        }

        return (await Boto3Script.RunAsync(Script, server, bucket, key, file, JsonSerializer.Serialize(options))).Trim();
    }
}
