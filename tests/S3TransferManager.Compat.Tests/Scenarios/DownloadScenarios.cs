using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.TestSupport;

namespace CompatScenarios;

// Written as an app using Amazon.S3.Transfer writes it; see UploadScenarios.
[Collection(CompatMotoCollection.Name)]
public sealed class DownloadScenarios(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task DownloadAsync_ShortForm_WritesTheObject()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Payload(70_000);
        using var transferUtility = new TransferUtility(bucket.Client);
        await transferUtility.UploadAsync(new MemoryStream(content), bucket.Name, "k");

        await transferUtility.DownloadAsync(bucket.PathFor("out/k.bin"), bucket.Name, "k");

        Assert.Equal(content, await File.ReadAllBytesAsync(bucket.PathFor("out/k.bin")));
    }

    [Fact]
    public async Task DownloadAsync_TypedProgressHandler_EndsCompletedAtTheWholeLength()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        byte[] content = TestData.Payload((6 * MiB) + 3);
        using var transferUtility = new TransferUtility(bucket.Client);
        await transferUtility.UploadAsync(new MemoryStream(content), bucket.Name, "k");
        var events = new List<WriteObjectProgressArgs>();
        var completedSeen = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var request = new TransferUtilityDownloadRequest
        {
            BucketName = bucket.Name,
            Key = "k",
            FilePath = bucket.PathFor("k.bin"),
            // The SDK's part-number GETs meet moto's whole-object answer; both libraries read ranges here.
            MultipartDownloadType = MultipartDownloadType.RANGE,
        };
        request.WriteObjectProgressEvent += OnWriteObjectProgress;

        await transferUtility.DownloadAsync(request);

        // The AWS SDK raises progress from its part tasks concurrently, so its completed event need not be the last one
        // added, and under load it may even come after DownloadAsync returned: wait for it (bounded), then find it
        // rather than assume the order (this library raises them one at a time, in order, before it returns).
        await completedSeen.Task.WaitAsync(TimeSpan.FromSeconds(30));
        WriteObjectProgressArgs last;
        lock (events)
        {
            last = events.First(e => e.IsCompleted);
        }

        Assert.True(last.IsCompleted);
        Assert.Equal(100, last.PercentDone);
        Assert.Equal(content.Length, last.TotalBytes);
        Assert.Equal("k", last.Key);
        Assert.Equal(bucket.Name, last.BucketName);
        Assert.Equal(content, await File.ReadAllBytesAsync(bucket.PathFor("k.bin")));

        void OnWriteObjectProgress(object? sender, WriteObjectProgressArgs e)
        {
            lock (events)
            {
                events.Add(e);
            }

            if (e.IsCompleted)
            {
                completedSeen.TrySetResult();
            }
        }
    }

    [Fact]
    public async Task OpenStreamAsync_ReadToEnd_GivesTheObject()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        await transferUtility.UploadAsync(new MemoryStream("line one\nline two\n"u8.ToArray()), bucket.Name, "notes.txt");

        using Stream stream = await transferUtility.OpenStreamAsync(bucket.Name, "notes.txt");
        using var reader = new StreamReader(stream);
        string text = await reader.ReadToEndAsync();

        Assert.Equal("line one\nline two\n", text);
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_Response_DescribesTheObject()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        await transferUtility.UploadAsync(new TransferUtilityUploadRequest
        {
            BucketName = bucket.Name, Key = "k", InputStream = new MemoryStream(TestData.Payload(1000)), ContentType = "text/plain",
        });

        using TransferUtilityOpenStreamResponse response = await transferUtility.OpenStreamWithResponseAsync(
            new TransferUtilityOpenStreamRequest { BucketName = bucket.Name, Key = "k" });
        var copy = new MemoryStream();
        await response.ResponseStream.CopyToAsync(copy);

        Assert.Equal(1000, copy.Length);
        Assert.Equal("text/plain", response.Headers.ContentType);
        Assert.Equal((await bucket.HeadAsync("k")).ETag, response.ETag);
    }

    [Fact]
    public async Task OpenStreamWithResponseAsync_MaxInMemoryPartsNull_ReadsWithTheDefaultWindow()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        await transferUtility.UploadAsync(new TransferUtilityUploadRequest
        {
            BucketName = bucket.Name, Key = "k", InputStream = new MemoryStream(TestData.Payload(1000)),
        });
        var request = new TransferUtilityOpenStreamRequest { BucketName = bucket.Name, Key = "k", MaxInMemoryParts = null };

        using TransferUtilityOpenStreamResponse response = await transferUtility.OpenStreamWithResponseAsync(request);
        var copy = new MemoryStream();
        await response.ResponseStream.CopyToAsync(copy);

        Assert.Equal(TestData.Payload(1000), copy.ToArray());
        Assert.False(request.MaxInMemoryParts.HasValue);
    }

    [Fact]
    public async Task DownloadAsync_CustomerKeyOnBothSides_RoundTrips()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        string key = Convert.ToBase64String(TestData.Bytes(32, seed: 9));
        byte[] content = TestData.Payload(40_000);
        using var transferUtility = new TransferUtility(bucket.Client);
        await transferUtility.UploadAsync(new TransferUtilityUploadRequest
        {
            BucketName = bucket.Name, Key = "secret", InputStream = new MemoryStream(content),
            ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod.AES256,
            ServerSideEncryptionCustomerProvidedKey = key,
        });

        await transferUtility.DownloadAsync(new TransferUtilityDownloadRequest
        {
            BucketName = bucket.Name, Key = "secret", FilePath = bucket.PathFor("secret.bin"),
            ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod.AES256,
            ServerSideEncryptionCustomerProvidedKey = key,
        });

        Assert.Equal(content, await File.ReadAllBytesAsync(bucket.PathFor("secret.bin")));
    }
}
