namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// Reads every object under a prefix back with boto3 in one python process (one process per object would make a
/// 300-object check take minutes). Returns key -> SHA-256 (upper-case hex) of the bytes boto3 received.
/// </summary>
public static class Boto3PrefixReader
{
    private const string Script = """
        import hashlib, sys, boto3
        from botocore.config import Config
        endpoint, bucket, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
        s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="test",
                          aws_secret_access_key="test", config=Config(s3={"addressing_style": "path"}))
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
            for item in page.get("Contents", []):
                body = s3.get_object(Bucket=bucket, Key=item["Key"])["Body"].read()
                sys.stdout.buffer.write((hashlib.sha256(body).hexdigest().upper() + " " + item["Key"] + "\n").encode("utf-8"))
        """;

    public static async Task<Dictionary<string, string>> Sha256ByKeyAsync(MotoServer server, string bucket, string prefix)
    {
        return (await Boto3Script.RunAsync(Script, server, bucket, prefix)).Split('\n', StringSplitOptions.RemoveEmptyEntries)
            .ToDictionary(line => line[(line.IndexOf(' ') + 1)..], line => line[..line.IndexOf(' ')]);
    }
}
