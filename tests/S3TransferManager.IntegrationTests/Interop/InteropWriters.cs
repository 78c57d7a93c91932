using System.Text.Json;
using Amazon.Runtime;
using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;
using SdkTransferUtility = Amazon.S3.Transfer.TransferUtility;
using SdkUploadRequest = Amazon.S3.Transfer.TransferUtilityUploadRequest;

namespace S3TransferManager.IntegrationTests.Interop;

/// <summary>Writes the interop objects with the clients that name them: boto3 and the AWS CLI as child processes
/// (all boto3 objects in one python3 run of <c>Interop/writers.py</c>), the AWS SDK for .NET and this library in process.</summary>
internal static class InteropWriters
{
    private static readonly TimeSpan s_processBound = TimeSpan.FromMinutes(3);

    /// <summary>Writes every case's object from its file (<paramref name="files"/>, by key) into <paramref name="bucket"/>.</summary>
    public static async Task WriteAllAsync(MotoServer moto, string bucket, IReadOnlyList<InteropCase> cases, IReadOnlyDictionary<string, string> files)
    {
        await WriteWithBoto3Async(moto, bucket, [.. cases.Where(c => c.Writer is Writer.Boto3)], files);
        foreach (InteropCase item in cases)
        {
            switch (item.Writer)
            {
                case Writer.AwsCli:
                    await RunAsync("aws", ["s3", "cp", files[item.Key], $"s3://{bucket}/{item.Key}", "--endpoint-url", Endpoint(moto), "--only-show-errors"], stdin: null);
                    break;
                case Writer.AwsSdk sdk:
                    await WriteWithAwsSdkAsync(moto, bucket, item.Key, files[item.Key], sdk.Algorithm);
                    break;
                case Writer.Library library:
                    await WriteWithLibraryAsync(moto, bucket, item.Key, files[item.Key], library.Algorithm);
                    break;
            }
        }
    }

    private static async Task WriteWithBoto3Async(MotoServer moto, string bucket, IReadOnlyList<InteropCase> cases, IReadOnlyDictionary<string, string> files)
    {
        var jobs = cases.Select(c =>
        {
            var boto3 = (Writer.Boto3)c.Writer;
            return new Dictionary<string, object?>
            {
                ["key"] = c.Key, ["file"] = files[c.Key], ["kind"] = boto3.Kind, ["part_size_mib"] = boto3.PartSizeMiB, ["algorithm"] = boto3.Algorithm,
            };
        });
        string script = Path.Combine(AppContext.BaseDirectory, "Interop", "writers.py");
        string output = await RunAsync("python3", [script, Endpoint(moto), bucket], JsonSerializer.Serialize(jobs));
        string[] failed = [.. output.Split('\n', StringSplitOptions.RemoveEmptyEntries).Where(line => !line.EndsWith("\tok", StringComparison.Ordinal))];
        if (failed.Length > 0 || output.Split('\n', StringSplitOptions.RemoveEmptyEntries).Length != cases.Count)
        {
            throw new InvalidOperationException($"boto3 did not write every object:\n{output}");
        }
    }

    private static async Task WriteWithAwsSdkAsync(MotoServer moto, string bucket, string key, string file, string? algorithm)
    {
        // The SDK's defaults, as a user who sets nothing gets them (it computes CRC32 for uploads by default).
        using var client = new AmazonS3Client(new BasicAWSCredentials("test", "test"),
            new AmazonS3Config { ServiceURL = Endpoint(moto), ForcePathStyle = true, AuthenticationRegion = "us-east-1" });
        using var utility = new SdkTransferUtility(client);
        var request = new SdkUploadRequest { BucketName = bucket, Key = key, FilePath = file, ContentType = "application/octet-stream" };
        if (algorithm is not null)
        {
            request.ChecksumAlgorithm = ChecksumAlgorithm.FindValue(algorithm);
        }

        await utility.UploadAsync(request);
    }

    private static async Task WriteWithLibraryAsync(MotoServer moto, string bucket, string key, string file, string? algorithm)
    {
        using AmazonS3Client client = S3TestContext.CreateClient(moto.ServiceUrl, httpClientFactory: null);
        using var utility = new TransferUtility(client);
        await utility.UploadWithResponseAsync(new TransferUtilityUploadRequest
        {
            BucketName = bucket, Key = key, FilePath = file, ChecksumAlgorithm = algorithm is null ? null : ChecksumAlgorithm.FindValue(algorithm),
        });
    }

    private static string Endpoint(MotoServer moto) => moto.ServiceUrl.ToString().TrimEnd('/');

    private static Task<string> RunAsync(string program, string[] arguments, string? stdin) =>
        ChildProcess.RunAsync(program, arguments, stdin, s_processBound);
}
