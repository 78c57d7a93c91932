namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// Reads an object back with boto3 (python3) on the same moto, so an upload is shown readable by another client, not
/// only by the AWS SDK for .NET that wrote it. Returns the SHA-256 (upper-case hex) of the bytes boto3 received.
/// </summary>
public static class Boto3Reader
{
    private const string Script = """
        import hashlib, sys, boto3
        from botocore.config import Config
        endpoint, bucket, key = sys.argv[1], sys.argv[2], sys.argv[3]
        s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="test",
                          aws_secret_access_key="test", config=Config(s3={"addressing_style": "path"}))
        body = s3.get_object(Bucket=bucket, Key=key)["Body"]
        digest = hashlib.sha256()
        for chunk in iter(lambda: body.read(1 << 20), b""):
            digest.update(chunk)
        print(digest.hexdigest().upper())
        """;

    public static async Task<string> Sha256Async(MotoServer server, string bucket, string key)
    {
        return (await Boto3Script.RunAsync(Script, server, bucket, key)).Trim();
    }
}
