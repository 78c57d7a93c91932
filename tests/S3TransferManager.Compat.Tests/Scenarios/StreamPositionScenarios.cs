using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;

namespace CompatScenarios;

// Uploads from a seekable stream the app has just written, and what becomes of the stream, as an app using
// Amazon.S3.Transfer writes them; see UploadScenarios.
[Collection(CompatMotoCollection.Name)]
public sealed class StreamPositionScenarios(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Theory]
    [InlineData(5000)]
    [InlineData((6 * MiB) + 3)]
    public async Task UploadAsync_StreamJustWrittenAndNotRewound_StoresAllOfIt(int length)
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Payload(length);
        var written = new MemoryStream();
        written.Write(content);
        using var transferUtility = new TransferUtility(bucket.Client, new TransferUtilityConfig { MinSizeBeforePartUpload = 5 * MiB });
        var request = new TransferUtilityUploadRequest { BucketName = bucket.Name, Key = "k", InputStream = written, PartSize = 5 * MiB };

        await transferUtility.UploadAsync(request);

        Assert.True(request.AutoResetStreamPosition);
        Assert.Equal(content, await ReadAsync(bucket, "k"));
    }

    [Fact]
    public async Task UploadAsync_AutoResetTurnedOff_StoresFromWhereTheStreamWasLeft()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Payload(5000);
        using var transferUtility = new TransferUtility(bucket.Client);

        await transferUtility.UploadAsync(new TransferUtilityUploadRequest
        {
            BucketName = bucket.Name, Key = "k", InputStream = new MemoryStream(content) { Position = 1000 }, AutoResetStreamPosition = false,
        });

        Assert.Equal(content[1000..], await ReadAsync(bucket, "k"));
    }

    [Theory]
    [InlineData(null)]
    [InlineData(false)]
    [InlineData(true)]
    public async Task UploadAsync_AutoCloseStream_TheStreamIsClosedUnlessTurnedOff(bool? autoCloseStream)
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        var stream = new MemoryStream(TestData.Payload(5000));
        using var transferUtility = new TransferUtility(bucket.Client);
        var request = new TransferUtilityUploadRequest { BucketName = bucket.Name, Key = "k", InputStream = stream };
        if (autoCloseStream is { } close)
        {
            request = request.WithAutoCloseStream(close);
        }

        await transferUtility.UploadAsync(request);

        Assert.Equal(autoCloseStream == false, stream.CanRead);
    }

    private static async Task<byte[]> ReadAsync(MotoBucket bucket, string key)
    {
        using GetObjectResponse response = await bucket.Client.GetObjectAsync(bucket.Name, key);
        var copy = new MemoryStream();
        await response.ResponseStream.CopyToAsync(copy);
        return copy.ToArray();
    }
}
