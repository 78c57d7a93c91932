using System.Security.Cryptography;
using Amazon.Runtime;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager;
using S3TransferManager.Events;
using S3TransferManager.Scheduling;
using SdkDownloadRequest = Amazon.S3.Transfer.TransferUtilityDownloadRequest;

// s3tm's library, compiled to native code, against an S3 endpoint (the URL is the only argument): the AWS SDK members
// bound through UnsafeAccessor, then a multipart upload, a download to a file, OpenStream, and a folder up and back,
// each compared byte for byte. Any failure exits non-zero with one line saying what.
if (args.Length != 1)
{
    Console.Error.WriteLine("usage: S3TransferManager.AotSmoke ENDPOINT_URL");
    return 2;
}

using var s3 = new AmazonS3Client(new BasicAWSCredentials("aot", "aot"),
    new AmazonS3Config { ServiceURL = args[0], ForcePathStyle = true, AuthenticationRegion = "us-east-1" });

// 1. The SDK internals: each must resolve in the native build, or the smoke test fails here, loudly.
if (SlowDownSignal.BindingProblem(s3) is { } problem)
{
    return Fail($"SlowDownSignal cannot watch for 503 SlowDown: {problem}");
}

var sdkRequest = new SdkDownloadRequest { BucketName = "b", Key = "k", FilePath = "/tmp/f" };
WriteObjectProgressArgs progressArgs = SdkProgressArgs.WriteObject(sdkRequest, new ProgressStep(3, 10, 10));
if (progressArgs.TransferredBytes != 10 || SdkProgressArgs.IncrementTransferred(progressArgs) != 3 || !ReferenceEquals(progressArgs.Request, sdkRequest))
{
    return Fail("the SDK's WriteObjectProgressArgs, built through its internal constructor, does not carry the values given");
}

Console.WriteLine("aot-smoke: the AWS SDK members bound through UnsafeAccessor resolve");

// 2. Transfers.
string folder = Directory.CreateTempSubdirectory("aot-smoke-").FullName;
try
{
    const string Bucket = "aot-smoke";
    await s3.PutBucketAsync(new PutBucketRequest { BucketName = Bucket });
    using var transfer = new TransferUtility(s3);
    byte[] data = RandomNumberGenerator.GetBytes(21 * 1024 * 1024 + 7);
    string original = Path.Combine(folder, "data.bin");
    await File.WriteAllBytesAsync(original, data);
    string expected = Convert.ToHexString(SHA256.HashData(data));

    TransferUtilityUploadResponse uploaded = await transfer.UploadWithResponseAsync(new TransferUtilityUploadRequest
    {
        BucketName = Bucket, Key = "data.bin", FilePath = original, PartSize = 5 * 1024 * 1024,
    });
    long reported = 0;
    var download = new TransferUtilityDownloadRequest { BucketName = Bucket, Key = "data.bin", FilePath = Path.Combine(folder, "back.bin") };
    download.WriteObjectProgressEvent += (_, e) => reported = e.TransferredBytes;
    await transfer.DownloadWithResponseAsync(download);
    Check(Convert.ToHexString(SHA256.HashData(await File.ReadAllBytesAsync(download.FilePath))) == expected, "the downloaded file differs from the upload");
    Check(reported == data.Length, $"the last progress event said {reported} bytes, not {data.Length}");

    await using (TransferUtilityOpenStreamResponse open = await transfer.OpenStreamWithResponseAsync(
        new TransferUtilityOpenStreamRequest { BucketName = Bucket, Key = "data.bin", PartSize = 5 * 1024 * 1024 }))
    {
        Check(Convert.ToHexString(await SHA256.HashDataAsync(open.ResponseStream)) == expected, "the object read through OpenStream differs from the upload");
    }

    string tree = Path.Combine(folder, "tree");
    Directory.CreateDirectory(Path.Combine(tree, "sub"));
    await File.WriteAllTextAsync(Path.Combine(tree, "a.txt"), "a");
    await File.WriteAllTextAsync(Path.Combine(tree, "sub", "b.txt"), "b");
    await transfer.UploadDirectoryAsync(new TransferUtilityUploadDirectoryRequest
    {
        BucketName = Bucket, Directory = tree, KeyPrefix = "tree/", SearchOption = SearchOption.AllDirectories,
    });
    string back = Path.Combine(folder, "tree-back");
    TransferUtilityDownloadDirectoryResponse folderBack = await transfer.DownloadDirectoryWithResponseAsync(
        new TransferUtilityDownloadDirectoryRequest { BucketName = Bucket, S3Directory = "tree", LocalDirectory = back });
    Check(folderBack.ObjectsDownloaded == 2 && await File.ReadAllTextAsync(Path.Combine(back, "sub", "b.txt")) == "b", "the folder did not come back as sent");

    Console.WriteLine($"aot-smoke: ok: {data.Length} bytes up in {uploaded.PartCount} parts, down to a file and through OpenStream, and a folder of 2 files up and back, byte-exact");
    return 0;
}
catch (SmokeFailure e)
{
    return Fail(e.Message);
}
catch (Exception e)
{
    return Fail($"{e.GetType().Name}: {e.Message}");
}
finally
{
    Directory.Delete(folder, recursive: true);
}

static int Fail(string why)
{
    Console.Error.WriteLine($"aot-smoke: FAIL: {why}");
    return 1;
}

static void Check(bool condition, string failure)
{
    if (!condition)
    {
        throw new SmokeFailure(failure);
    }
}
