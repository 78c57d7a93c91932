using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;

namespace S3TransferManager.Tests.Fakes;

/// <summary>An IAmazonS3 mock for downloads: GetObject answers with hand-made, possibly malformed, responses (built with
/// the static helpers), and every request is kept in order.</summary>
internal sealed class FakeDownloadS3
{
    /// <param name="answer">The response to each GetObject (or the exception it throws).</param>
    public FakeDownloadS3(Func<GetObjectRequest, GetObjectResponse> answer)
    {
        Mock.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns((GetObjectRequest r, CancellationToken _) =>
            {
                lock (_requests)
                {
                    _requests.Add(r);
                }

                return Task.FromResult(answer(r));
            });
    }

    private readonly List<GetObjectRequest> _requests = [];

    public Mock<IAmazonS3> Mock { get; } = new(MockBehavior.Strict);

    /// <summary>Every GetObject request so far, in order.</summary>
    public IReadOnlyList<GetObjectRequest> Requests
    {
        get
        {
            lock (_requests)
            {
                return [.. _requests];
            }
        }
    }

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
}
