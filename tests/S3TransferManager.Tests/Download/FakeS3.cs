using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;

namespace S3TransferManager.Tests.Download;

/// <summary>Builds IAmazonS3 mocks that answer GetObject with hand-made, possibly malformed, responses.</summary>
internal static class FakeS3
{
    public static GetObjectResponse Partial(byte[] whole, long start, long end, string eTag = "\"e1\"", string? contentRange = "auto")
    {
        var body = whole.AsSpan((int)start, (int)(end - start + 1)).ToArray();
        return new GetObjectResponse
        {
            HttpStatusCode = HttpStatusCode.PartialContent,
            ContentRange = contentRange == "auto" ? $"bytes {start}-{end}/{whole.Length}" : contentRange,
            ContentLength = body.Length,
            ETag = eTag,
            ResponseStream = new MemoryStream(body),
        };
    }

    public static GetObjectResponse Whole(byte[] whole, string eTag = "\"e1\"") => new()
    {
        HttpStatusCode = HttpStatusCode.OK,
        ContentLength = whole.Length,
        ETag = eTag,
        ResponseStream = new MemoryStream(whole),
    };

    public static AmazonS3Exception InvalidRange() =>
        new("The requested range is not satisfiable", Amazon.Runtime.ErrorType.Sender, "InvalidRange", "req", HttpStatusCode.RequestedRangeNotSatisfiable);

    public static AmazonS3Exception PreconditionFailed() =>
        new("At least one of the pre-conditions you specified did not hold", Amazon.Runtime.ErrorType.Sender, "PreconditionFailed", "req", HttpStatusCode.PreconditionFailed);

    /// <summary>A client whose GetObject answers by range start; requests are captured in order.</summary>
    public static Mock<IAmazonS3> Answering(Func<GetObjectRequest, GetObjectResponse> answer, List<GetObjectRequest> captured)
    {
        var mock = new Mock<IAmazonS3>(MockBehavior.Strict);
        mock.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns((GetObjectRequest r, CancellationToken _) =>
            {
                lock (captured)
                {
                    captured.Add(r);
                }

                return Task.FromResult(answer(r));
            });
        return mock;
    }
}
