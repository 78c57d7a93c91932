using System.Text.Json;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// Reads what moto stored for an object with boto3 (python3): head-object's fields and the object's tags, as one JSON
/// object. A second client reading the options back shows they were stored, not only sent.
/// </summary>
public static class Boto3HeadReader
{
    private const string Script = """
        import json, sys, boto3
        from botocore.config import Config
        endpoint, bucket, key = sys.argv[1], sys.argv[2], sys.argv[3]
        s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="test",
                          aws_secret_access_key="test", config=Config(s3={"addressing_style": "path"}))
        head = s3.head_object(Bucket=bucket, Key=key)
        head.pop("ResponseMetadata", None)
        tags = s3.get_object_tagging(Bucket=bucket, Key=key)["TagSet"]
        head["Tags"] = {t["Key"]: t["Value"] for t in tags}
        print(json.dumps(head, default=str))
        """;

    public static async Task<JsonElement> HeadAsync(MotoServer server, string bucket, string key)
    {
        using JsonDocument document = JsonDocument.Parse(await Boto3Script.RunAsync(Script, server, bucket, key));
        return document.RootElement.Clone();
    }

    public static string? Text(this JsonElement head, string name) =>
        head.TryGetProperty(name, out JsonElement value) ? value.ToString() : null;
}
