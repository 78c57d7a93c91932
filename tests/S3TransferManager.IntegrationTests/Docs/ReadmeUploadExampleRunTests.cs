using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Docs;

/// <summary>
/// The README's upload example (a CRC32C upload, then OpenStream) run against moto, the server the README's test
/// section recommends, with only its client, bucket and paths replaced, and the stream reading back the object it
/// uploaded: moto without its crc32c extra stores a CRC32 where the library sent a CRC32C, and reading the object
/// back must not call it corrupt (with the moto[s3crc32c] extra, it is validated).
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class ReadmeUploadExampleRunTests(MotoServer moto)
{
    [Fact]
    public async Task UploadExample_RunAgainstMotoReadingBackItsOwnUpload_CopiesTheBytesWithoutAMismatch()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload((17 * 1024 * 1024) + 3);   // above the 16 MiB threshold: a multipart upload
        string source = s3.PathFor("db.tar");
        string destination = s3.PathFor("huge.jsonl");
        await File.WriteAllBytesAsync(source, content);
        ReadmeSnippets.Block example = ReadmeSnippets.FromReadme().Single(b => b.Code.Contains("ChecksumAlgorithm.CRC32C", StringComparison.Ordinal));
        string code = Replace(example.Code,
            ("new AmazonS3Client()", $"new AmazonS3Client(new Amazon.Runtime.BasicAWSCredentials(\"test\", \"test\"), new AmazonS3Config {{ ServiceURL = \"{moto.ServiceUrl}\", ForcePathStyle = true, AuthenticationRegion = \"us-east-1\" }})"),
            ("\"my-bucket\"", $"\"{s3.BucketName}\""),
            ("\"/backups/db.tar\"", $"\"{source}\""),
            ("File.Create(\"huge.jsonl\")", $"File.Create(\"{destination}\")"),
            ("Key = \"logs/huge.jsonl\"", "Key = \"backups/db.tar\""));

        await ReadmeSnippets.Load(ReadmeSnippets.Compile(code, "UploadExample"))([]).WaitAsync(TimeSpan.FromMinutes(2));

        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(destination));
        using TransferUtility utility = s3.CreateUtility();
        TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
            new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "backups/db.tar", FilePath = s3.PathFor("again") });
        ChecksumValidationResult validation = response.ChecksumValidation!;
        if (MotoExtras.HasCrc32C)
        {
            Assert.True(validation.Validated, validation.NotValidatedReason);
        }
        else
        {
            Assert.Contains("the server stored a CRC32 under the CRC32C name", validation.NotValidatedReason, StringComparison.Ordinal);
        }
    }

    /// <summary>Each replacement, which must find its text: a README change that drops one fails here, not silently.</summary>
    private static string Replace(string code, params (string Old, string New)[] replacements)
    {
        foreach ((string old, string replacement) in replacements)
        {
            Assert.True(code.Contains(old, StringComparison.Ordinal), $"The README's upload example no longer contains {old}.");
            code = code.Replace(old, replacement, StringComparison.Ordinal);
        }

        return code;
    }
}
