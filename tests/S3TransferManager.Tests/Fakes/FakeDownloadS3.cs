using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;

namespace S3TransferManager.Tests.Fakes;

/// <summary>An IAmazonS3 mock for downloads: GetObject answers with hand-made, possibly malformed, responses (built with
/// the static helpers), and every request is kept in order. A GET of a part by number is answered as S3 answers it for
/// an object of <c>objectLength</c> bytes uploaded in parts of <c>uploadedPartSize</c> (0: in one piece, whose part 1 is
/// the whole object): the answer function sees the request with that part's range set (<see cref="AsRanged"/>), and a
/// multipart object's answer carries its part count.</summary>
internal sealed class FakeDownloadS3
{
    /// <param name="answer">The response to each GetObject (or the exception it throws).</param>
    /// <param name="objectLength">The object's length, to answer GETs by part number; -1: none expected.</param>
    /// <param name="uploadedPartSize">The part size the object was uploaded in; 0: one piece.</param>
    public FakeDownloadS3(Func<GetObjectRequest, GetObjectResponse> answer, long objectLength = -1, long uploadedPartSize = 0)
    {
        Mock.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns((GetObjectRequest r, CancellationToken _) =>
            {
                lock (_requests)
                {
                    _requests.Add(r);
                }

                bool byNumber = r.PartNumber is not null;
                if (byNumber && objectLength < 0)
                {
                    throw new InvalidOperationException("This fake was given no object length, so it cannot answer a GET by part number.");
                }

                GetObjectResponse response = answer(byNumber ? AsRanged(r, objectLength, uploadedPartSize) : r);
                return Task.FromResult(byNumber ? WithPartsCount(response, objectLength, uploadedPartSize) : response);
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

    /// <summary>A GET of part <c>PartNumber</c> as the ranged GET S3 serves it with: that part of an object of
    /// <paramref name="objectLength"/> bytes uploaded in parts of <paramref name="uploadedPartSize"/> (0: one piece). The
    /// request is changed in place (its part number stays, so tests can still tell it asked by number). An empty object
    /// has no range to give: its part 1 is asked for whole (no range), as S3 answers it.</summary>
    public static GetObjectRequest AsRanged(GetObjectRequest request, long objectLength, long uploadedPartSize)
    {
        if (request.PartNumber is not int part || objectLength == 0)
        {
            return request;
        }

        long size = uploadedPartSize > 0 ? uploadedPartSize : objectLength;
        long start = Math.Min((part - 1) * size, objectLength);
        request.ByteRange = new ByteRange(start, Math.Min(start + size, objectLength) - 1);
        return request;
    }

    /// <summary>S3's answer to a GET by part number of a multipart object carries the object's part count.</summary>
    public static GetObjectResponse WithPartsCount(GetObjectResponse response, long objectLength, long uploadedPartSize)
    {
        if (uploadedPartSize > 0)
        {
            response.PartsCount = (int)Math.Max(1, (objectLength + uploadedPartSize - 1) / uploadedPartSize);
        }

        return response;
    }

    public static AmazonS3Exception InvalidRange() =>
        new("The requested range is not satisfiable", Amazon.Runtime.ErrorType.Sender, "InvalidRange", "req", HttpStatusCode.RequestedRangeNotSatisfiable);

    public static AmazonS3Exception PreconditionFailed() =>
        new("At least one of the pre-conditions you specified did not hold", Amazon.Runtime.ErrorType.Sender, "PreconditionFailed", "req", HttpStatusCode.PreconditionFailed);
}
