// Proves the packed packages work as shipped: the assemblies load from the packages, the DI registration builds a
// utility from the container's client and options, bad input fails with the documented typed error before any request,
// and a multipart upload and an OpenStream download round-trip byte-exact against the endpoint given as the argument
// (`s3tm serve`, installed from the tool package). Exit code 0 when every check passed, 1 otherwise.
using System.Reflection;
using System.Security.Cryptography;
using Amazon.Runtime;
using Amazon.S3;
using Microsoft.Extensions.DependencyInjection;
using S3TransferManager;

if (args.Length != 1)
{
    Console.Error.WriteLine("usage: PackageSmoke SERVICE_URL");
    return 2;
}

var services = new ServiceCollection();
services.AddSingleton<IAmazonS3>(new AmazonS3Client(
    new BasicAWSCredentials("package-smoke", "package-smoke"),
    new AmazonS3Config { ServiceURL = args[0], ForcePathStyle = true, AuthenticationRegion = "us-east-1" }));
services.AddS3TransferManager(options =>
{
    options.MinSizeBeforePartUpload = 5L * 1024 * 1024;
    options.ConcurrentServiceRequests = 4;
});
await using ServiceProvider provider = services.BuildServiceProvider();
TransferUtility transfer = provider.GetRequiredService<TransferUtility>();
Console.WriteLine($"ok: AddS3TransferManager resolved a TransferUtility from S3TransferManager " +
    typeof(TransferUtility).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion);
IAmazonS3 s3 = provider.GetRequiredService<IAmazonS3>();
using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
CancellationToken cancellationToken = timeout.Token;

try
{
    using var one = new MemoryStream([1]);
    await transfer.UploadWithResponseAsync(new TransferUtilityUploadRequest { BucketName = " ", Key = "k", InputStream = one }, cancellationToken);
    Console.Error.WriteLine("FAIL: an upload to a blank bucket name did not throw");
    return 1;
}
catch (ArgumentException)
{
    Console.WriteLine("ok: a blank bucket name throws ArgumentException before any request");
}

const string Bucket = "package-smoke";
await s3.PutBucketAsync(Bucket, cancellationToken);
byte[] data = new byte[12 * 1024 * 1024];
new Random(13).NextBytes(data);
using var source = new MemoryStream(data);
TransferUtilityUploadResponse uploaded = await transfer.UploadWithResponseAsync(new TransferUtilityUploadRequest
{
    BucketName = Bucket,
    Key = "blob",
    InputStream = source,
    PartSize = 5L * 1024 * 1024,
    ChecksumAlgorithm = ChecksumAlgorithm.CRC32C,
}, cancellationToken);

await using TransferUtilityOpenStreamResponse opened = await transfer.OpenStreamWithResponseAsync(
    new TransferUtilityOpenStreamRequest { BucketName = Bucket, Key = "blob" }, cancellationToken);
byte[] readBack = await SHA256.HashDataAsync(opened.ResponseStream, cancellationToken);

if (uploaded.PartCount != 3 || !readBack.AsSpan().SequenceEqual(SHA256.HashData(data)))
{
    Console.Error.WriteLine($"FAIL: uploaded {uploaded.PartCount} parts (3 expected), read back {(readBack.AsSpan().SequenceEqual(SHA256.HashData(data)) ? "the same" : "different")} bytes");
    return 1;
}

Console.WriteLine($"ok: 12 MiB uploaded in {uploaded.PartCount} parts and read back through OpenStream, SHA-256 equal");
return 0;
