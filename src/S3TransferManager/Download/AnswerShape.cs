using System.Net;
using Amazon.S3.Model;
using S3TransferManager.Multipart;

namespace S3TransferManager.Download;

/// <summary>
/// What a download's first answer says of the object's size and of how its parts are cut: the object's length
/// (<see cref="Total"/>), how far the answer's body reaches (<see cref="Covered"/>), part 1's length, and how far the
/// parts may read the body on (<see cref="LeadEnd"/>). Part 1 is what the answer covers when that is about PartSize (an
/// uploader's part 1, a range of PartSize); an answer that covers much more is read for PartSize bytes first, and the
/// rest of it read on or dropped (<see cref="LeadResponse"/>): dropped at once when the object has more parts by
/// number than this answer (a server that serves parts serves ranges in parallel too).
/// </summary>
internal readonly record struct AnswerShape(long Total, long Covered, long PartSize, long FirstPart, long LeadEnd, bool Tail)
{
    /// <summary>Whether the body covers more than part 1 for the parts to read on.</summary>
    public bool HasLead => LeadEnd > FirstPart;

    /// <summary>The parts to come, counting part 1, before the tail's cut.</summary>
    public int EstimatedParts => Total <= FirstPart ? 1 : (int)Math.Min(int.MaxValue, 1 + ((Total - FirstPart + PartSize - 1) / PartSize));

    /// <summary>The shape of <paramref name="response"/>, the answer to <paramref name="first"/>.</summary>
    /// <exception cref="UnexpectedResponseException">The answer is not for the bytes asked for.</exception>
    public static AnswerShape Of(DownloadRequestBase request, GetObjectResponse response, FirstGet first)
    {
        long partSize = request.PartSize;
        long total;
        long covered;
        bool tail = true;
        if (response.HttpStatusCode == HttpStatusCode.PartialContent && ContentRange.NamesEmptyObject(response.ContentRange))
        {
            // An empty object, described with a range it cannot have: what its body holds, if anything, is not read.
            total = 0;
            covered = 0;
        }
        else if (response.HttpStatusCode == HttpStatusCode.PartialContent)
        {
            if (!ContentRange.TryParse(response.ContentRange, out ContentRange range) || range.Start != 0)
            {
                throw new UnexpectedResponseException(request.BucketName!, request.Key!,
                    $"the first GET answered 206 with Content-Range '{response.ContentRange}'.");
            }

            total = range.Total;
            covered = range.End + 1;
            if (first.Range is not null && range.End != Math.Min(partSize, total) - 1)
            {
                throw new UnexpectedResponseException(request.BucketName!, request.Key!,
                    $"asked for bytes 0-{partSize - 1}, got bytes {range.Start}-{range.End}/{range.Total}.");
            }
        }
        else
        {
            // 200: the whole object, answering a GET of it (the plain GET after a 416 included), of part 1 by number (a
            // server that serves no parts), or of a range (a server that ignores Range: then no part can be ranged
            // either, and the object is one part of its own length).
            total = response.ContentLength;
            covered = total;
            if (first.Range is not null)
            {
                partSize = Math.Max(total, 1);
                tail = false;
            }
        }

        bool moreParts = response.PartsCount > 1 && covered < total;
        // The whole of an object uploaded in parts (its ETag ends in -N) is read in parts of PartSize however little
        // longer it is: parts of the uploader's size are what a composite checksum of SHA-1 or SHA-256 is checked
        // against, and they cost no request when read on from one body.
        bool wholeOfParts = covered == total && covered > partSize && MultipartETags.PartCount(response.ETag) > 1;
        long firstPart = !wholeOfParts && (covered <= partSize + (partSize / 4) || (moreParts && covered <= 2 * partSize)) ? covered : partSize;
        long leadEnd = moreParts ? firstPart : covered;
        // Parts read on from one body keep to PartSize, with no tail: it would only add parts, and parts of one size
        // are what an uploader's composite checksum (of SHA-1 or SHA-256, which no other cut can be combined into)
        // is checked against, when the uploader's part size was the same.
        bool lead = leadEnd > firstPart;
        return new AnswerShape(total, covered, partSize, Math.Max(firstPart, 1), leadEnd, tail && !lead);
    }
}
