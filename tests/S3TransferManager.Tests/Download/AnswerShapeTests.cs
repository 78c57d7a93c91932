using System.Net;
using Amazon.S3.Model;
using S3TransferManager.Download;

namespace S3TransferManager.Tests.Download;

/// <summary>What a download's first answer says of the object and of how its parts are cut: part 1 is what the answer
/// covers when that is about PartSize; an answer that covers much more is read for PartSize bytes first and then read on
/// (its lead), or, when the object has more parts by number than this answer, dropped at once.</summary>
public sealed class AnswerShapeTests
{
    private const long MiB = 1024 * 1024;
    private static readonly FirstGet s_byNumber = new(null, 1, null, false);
    private static readonly FirstGet s_ranged = new(new ByteRange(0, (8 * MiB) - 1), null, null, false);

    [Fact]
    public void Of_UploadersPart1OfAMultipartObject_IsPart1AndTheRestGoesInParallel()
    {
        AnswerShape shape = AnswerShape.Of(Request(), Partial(0, (5 * MiB) - 1, 40 * MiB, partsCount: 8), s_byNumber);

        Assert.Equal((40 * MiB, 5 * MiB, 5 * MiB, false, true), (shape.Total, shape.Covered, shape.FirstPart, shape.HasLead, shape.Tail));
    }

    [Fact]
    public void Of_UploadersPart1MuchLongerThanPartSize_ReadsPartSizeAndDropsTheRest()
    {
        AnswerShape shape = AnswerShape.Of(Request(), Partial(0, (64 * MiB) - 1, 256 * MiB, partsCount: 4), s_byNumber);

        Assert.Equal((8 * MiB, false), (shape.FirstPart, shape.HasLead));
    }

    [Fact]
    public void Of_WholeSinglePartObjectLongerThanPartSize_LeadsWithUniformParts()
    {
        AnswerShape shape = AnswerShape.Of(Request(), Partial(0, (100 * MiB) - 1, 100 * MiB), s_byNumber);

        Assert.Equal((8 * MiB, 100 * MiB, true, false), (shape.FirstPart, shape.LeadEnd, shape.HasLead, shape.Tail));
    }

    [Fact]
    public void Of_WholeObjectWithinAQuarterOverPartSize_IsOnePart()
    {
        AnswerShape shape = AnswerShape.Of(Request(), Whole(9 * MiB, "\"e1\""), s_byNumber);

        Assert.Equal((9 * MiB, false), (shape.FirstPart, shape.HasLead));
    }

    [Fact]
    public void Of_WholeObjectUploadedInPartsFromAServerThatServesNoParts_LeadsInPartsOfPartSize()
    {
        // moto answers part 1 by number with the whole object, no part count, and the multipart ETag.
        AnswerShape shape = AnswerShape.Of(Request(), Whole(9 * MiB, "\"0f1e-2\""), s_byNumber);

        Assert.Equal((8 * MiB, true), (shape.FirstPart, shape.HasLead));
    }

    [Fact]
    public void Of_RangeAnsweredWhole_IsOnePartOfItsLength()
    {
        // A server that ignores Range can serve no part by range either.
        AnswerShape shape = AnswerShape.Of(Request(), Whole(100 * MiB, "\"e1\""), s_ranged);

        Assert.Equal((100 * MiB, 100 * MiB, false, false), (shape.FirstPart, shape.PartSize, shape.HasLead, shape.Tail));
    }

    [Theory]
    [InlineData("bytes 0--1/0")]
    [InlineData("bytes 0-0/0")]
    public void Of_PartialAnswerNamingATotalOfZero_IsTheEmptyObject(string contentRange)
    {
        var response = new GetObjectResponse { HttpStatusCode = HttpStatusCode.PartialContent, ContentRange = contentRange, ContentLength = 1 };

        AnswerShape shape = AnswerShape.Of(Request(), response, s_byNumber);

        Assert.Equal((0, 0, 1), (shape.Total, shape.Covered, shape.EstimatedParts));
    }

    [Fact]
    public void Of_RangedAnswerForOtherBytes_IsUnexpected()
    {
        Assert.Throws<UnexpectedResponseException>(() => AnswerShape.Of(Request(), Partial(0, MiB - 1, 40 * MiB), s_ranged));
    }

    private static TransferUtilityOpenStreamRequest Request() => new() { BucketName = "b", Key = "k" };

    private static GetObjectResponse Partial(long start, long end, long total, int? partsCount = null) => new()
    {
        HttpStatusCode = HttpStatusCode.PartialContent,
        ContentRange = $"bytes {start}-{end}/{total}",
        ContentLength = end - start + 1,
        ETag = "\"e1\"",
        PartsCount = partsCount,
    };

    private static GetObjectResponse Whole(long length, string eTag) => new()
    {
        HttpStatusCode = HttpStatusCode.OK, ContentLength = length, ETag = eTag,
    };
}
