using System.Collections.Concurrent;
using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;

namespace S3TransferManager.Tests.Fakes;

/// <summary>An IAmazonS3 mock for uploads: every part body is read to its end (as the SDK does), and calls are counted.</summary>
internal sealed class FakeUploadS3
{
    /// <param name="beforePart">Runs before a part's body is read.</param>
    /// <param name="completeETag">The ETag CompleteMultipartUpload answers with.</param>
    /// <param name="afterBody">Runs after a part's body was read, before its response: S3's time to answer.</param>
    public FakeUploadS3(Func<UploadPartRequest, CancellationToken, Task>? beforePart = null, string? completeETag = "\"done\"",
        Func<UploadPartRequest, CancellationToken, Task>? afterBody = null)
    {
        Mock.Setup(s => s.InitiateMultipartUploadAsync(It.IsAny<InitiateMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(new InitiateMultipartUploadResponse { UploadId = "u1" });
        Mock.Setup(s => s.UploadPartAsync(It.IsAny<UploadPartRequest>(), It.IsAny<CancellationToken>()))
            .Returns(async (UploadPartRequest r, CancellationToken token) =>
            {
                PartsStarted.Enqueue(r.PartNumber!.Value);
                if (beforePart is not null)
                {
                    await beforePart(r, token);
                }

                await r.InputStream.CopyToAsync(Stream.Null, token);
                if (afterBody is not null)
                {
                    await afterBody(r, token);
                }

                return new UploadPartResponse { ETag = PartETag(r.PartNumber.Value), PartNumber = r.PartNumber };
            });
        Mock.Setup(s => s.CompleteMultipartUploadAsync(It.IsAny<CompleteMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((CompleteMultipartUploadRequest r, CancellationToken _) =>
            {
                Completed = r;
                return new CompleteMultipartUploadResponse { ETag = completeETag, HttpStatusCode = HttpStatusCode.OK };
            });
        Mock.Setup(s => s.AbortMultipartUploadAsync(It.IsAny<AbortMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(() =>
            {
                Interlocked.Increment(ref _aborts);
                return new AbortMultipartUploadResponse();
            });
        Mock.Setup(s => s.PutObjectAsync(It.IsAny<PutObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns(async (PutObjectRequest r, CancellationToken token) =>
            {
                using var copy = new MemoryStream();
                await r.InputStream.CopyToAsync(copy, token);
                PutBodies.Enqueue(copy.ToArray());
                return new PutObjectResponse { ETag = "\"put\"" };
            });
    }

    private int _aborts;

    public Mock<IAmazonS3> Mock { get; } = new();

    /// <summary>The ETag UploadPart answers for a part number.</summary>
    public Func<int, string> PartETag { get; set; } = static n => $"\"p{n}\"";

    public ConcurrentQueue<int> PartsStarted { get; } = new();

    public ConcurrentQueue<byte[]> PutBodies { get; } = new();

    public CompleteMultipartUploadRequest? Completed { get; private set; }

    public int Aborts => Volatile.Read(ref _aborts);

    public static AmazonS3Exception NonRetryable() =>
        new("injected", Amazon.Runtime.ErrorType.Sender, "InvalidArgument", "req", HttpStatusCode.BadRequest);
}
