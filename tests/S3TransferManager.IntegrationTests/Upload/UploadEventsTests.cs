using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

[Collection(MotoCollection.Name)]
public sealed class UploadEventsTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;

    [Fact]
    public async Task UploadWithResponseAsync_Multipart_RaisesInitiatedAndCompletedOnceAndProgressUpToTheLength()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(20 * MiB);
        string path = s3.PathFor("f.bin");
        await File.WriteAllBytesAsync(path, content);
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", FilePath = path };
        var initiated = new List<UploadInitiatedEventArgs>();
        var completed = new List<UploadCompletedEventArgs>();
        var progress = new List<TransferProgressArgs>();
        int failed = 0;
        request.UploadInitiatedEvent += (_, e) => initiated.Add(e);
        request.UploadCompletedEvent += (_, e) => completed.Add(e);
        request.UploadFailedEvent += (_, _) => failed++;
        request.UploadProgressEvent += (_, e) => progress.Add(e);

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(request);

        Assert.Equal(content.Length, Assert.Single(initiated).TotalBytes);
        Assert.Same(response, Assert.Single(completed).Response);
        Assert.Equal(0, failed);
        Assert.Equal(content.Length, progress[^1].TransferredBytes);
        Assert.All(progress, p => Assert.Equal(content.Length, p.TotalBytes));
        Assert.Equal(progress.Select(p => p.TransferredBytes).Order(), progress.Select(p => p.TransferredBytes));
    }

    [Fact]
    public async Task UploadWithResponseAsync_NonSeekableStream_ReportsUnknownTotalAtFirstAndTheLengthOnceFound()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(1000);
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", InputStream = new NonSeekableStream(content) };
        long initiatedTotal = 0;
        var progress = new List<TransferProgressArgs>();
        request.UploadInitiatedEvent += (_, e) => initiatedTotal = e.TotalBytes;
        request.UploadProgressEvent += (_, e) => progress.Add(e);

        await utility.UploadWithResponseAsync(request);

        Assert.Equal(-1, initiatedTotal);
        TransferProgressArgs last = Assert.Single(progress);
        Assert.Equal(1000, last.TotalBytes);
        Assert.Equal(100, last.PercentDone);
    }

    [Fact]
    public async Task UploadAsync_NonSeekableStreamBreaksAfterAPart_FailedCarriesTheBytesSentBesideTheSdksZeroOfMinusOne()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        const int MiB = 1024 * 1024;
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { ConcurrentServiceRequests = 1, MinSizeBeforePartUpload = 5 * MiB });
        var partSent = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var request = new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", PartSize = 5 * MiB, InputStream = new GatedBreakingStream(TestData.Payload(12 * MiB), 11 * MiB, partSent.Task),
        };
        UploadFailedEventArgs? failed = null;
        request.UploadFailedEvent += (_, e) => failed = e;
        // The stream breaks only once S3 has answered part 1.
        s3.Handler.OnFinished = r =>
        {
            if (r.Method == "PUT" && r.HasQuery("partNumber=1"))
            {
                partSent.TrySetResult();
            }
        };

        await Assert.ThrowsAnyAsync<IOException>(() => utility.UploadAsync(request)).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal((0L, -1L), (failed!.TransferredBytes, failed.TotalBytes));
        Assert.True(failed.SentBytes >= 5 * MiB, $"SentBytes {failed.SentBytes}");
    }

    [Fact]
    public async Task UploadWithResponseAsync_NonSeekableStream_CompletedReportsZeroOfMinusOneAndTheResponseTheLength()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        using TransferUtility utility = s3.CreateUtility();
        var request = new TransferUtilityUploadRequest { BucketName = s3.BucketName, Key = "k", InputStream = new NonSeekableStream(TestData.Payload(1000)) };
        UploadCompletedEventArgs? completed = null;
        request.UploadCompletedEvent += (_, e) => completed = e;

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(request);

        Assert.Equal((0L, -1L, 1000L), (completed!.TransferredBytes, completed.TotalBytes, completed.Response.ContentLength));
        Assert.Same(response, completed.Response);
    }

    /// <summary>A non-seekable stream that breaks after <c>breakAt</c> bytes, but only once <c>gate</c> is open, so the
    /// parts before the break have been sent when it breaks.</summary>
    private sealed class GatedBreakingStream(byte[] data, int breakAt, Task gate) : Stream
    {
        private readonly BreakingStream _inner = new(data, breakAt);
        private long _read;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException("Read asynchronously.");

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (_read + buffer.Length >= breakAt)
            {
                await gate.WaitAsync(TimeSpan.FromSeconds(30), cancellationToken);
            }

            int read = await _inner.ReadAsync(buffer, cancellationToken);
            _read += read;
            return read;
        }

        public override void Flush() => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
