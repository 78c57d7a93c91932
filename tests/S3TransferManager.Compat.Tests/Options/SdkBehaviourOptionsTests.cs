using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;
using SdkTransfer = Amazon.S3.Transfer;

namespace CompatScenarios.Options;

/// <summary>
/// Where this library differs from the AWS SDK on purpose, an option gives the SDK's behaviour back. Each test runs the
/// SDK's TransferUtility and this library with the option on the same objects on moto and compares what they report.
/// </summary>
[Collection(CompatMotoCollection.Name)]
public sealed class SdkBehaviourOptionsTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task ReportChecksumAtOpen_CompositeObject_TheResponseSaysWhatTheSdksSaysBeforeAnyRead()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        // Larger than a first ranged GET of this library (8 MiB), which carries no checksum.
        await bucket.PutCompositeAsync("composite", TestData.Payload((9 * MiB) + 100));

        (ChecksumType? Type, string? Crc32) sdk, ours;
        using (var sdkUtility = new SdkTransfer.TransferUtility(bucket.Client))
        using (SdkTransfer.TransferUtilityOpenStreamResponse response = await sdkUtility.OpenStreamWithResponseAsync(
            new SdkTransfer.TransferUtilityOpenStreamRequest { BucketName = bucket.Name, Key = "composite" }))
        {
            sdk = (response.ChecksumType, response.ChecksumCRC32);
        }

        using (var utility = new TransferUtility(bucket.Client))
        using (TransferUtilityOpenStreamResponse response = await utility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = bucket.Name, Key = "composite", ReportChecksumAtOpen = true }))
        {
            ours = (response.ChecksumType, response.ChecksumCRC32);
        }

        Assert.Equal(ChecksumType.COMPOSITE, sdk.Type);
        Assert.Equal(sdk, ours);
    }

    [Fact]
    public async Task CountFilesFirst_True_InitiatedTotalsAreTheSdks()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string source = Directory.CreateDirectory(bucket.PathFor("src")).FullName;
        Directory.CreateDirectory(Path.Combine(source, "sub"));
        foreach ((string name, int length) in new[] { ("a.txt", 10), ("b.bin", 2000), ("sub/c.txt", 333) })
        {
            await File.WriteAllBytesAsync(Path.Combine(source, name), TestData.Payload(length));
        }

        (long Files, long Bytes) sdk = default, ours = default;
        using (var sdkUtility = new SdkTransfer.TransferUtility(bucket.Client))
        {
            var request = new SdkTransfer.TransferUtilityUploadDirectoryRequest
            {
                BucketName = bucket.Name, Directory = source, KeyPrefix = "sdk", SearchOption = SearchOption.AllDirectories,
            };
            request.UploadDirectoryInitiatedEvent += (_, e) => sdk = (e.TotalFiles, e.TotalBytes);
            await sdkUtility.UploadDirectoryAsync(request);
        }

        using (var utility = new TransferUtility(bucket.Client))
        {
            var request = new TransferUtilityUploadDirectoryRequest
            {
                BucketName = bucket.Name, Directory = source, KeyPrefix = "ours", SearchOption = SearchOption.AllDirectories, CountFilesFirst = true,
            };
            request.UploadDirectoryInitiatedEvent += (_, e) => ours = (e.TotalFiles, e.TotalBytes);
            await utility.UploadDirectoryAsync(request);
        }

        Assert.Equal((3L, 2343L), sdk);
        Assert.Equal(sdk, ours);
    }
}
