using System.Net;
using Amazon.S3;

namespace S3TransferManager.Download;

/// <summary>
/// Whether a utility's downloads open with a GET of part 1 by number (<c>?partNumber=1</c>), as the AWS SDK's
/// TransferUtility does, and what its endpoint has said of that. On S3 it costs one request for a small object, as a
/// ranged GET does, and tells how the uploader cut the object; a server that serves no parts answers with the whole
/// object (moto), which is then read in one request (<see cref="LeadResponse"/>). A server that refuses it (OpenStack
/// Swift's s3api answers 405) gets a ranged GET instead, and every later download of the utility opens with one.
/// </summary>
/// <param name="enabled">Whether to open by part number at all (benchmarks compare the ranged opening).</param>
internal sealed class PartNumberOpening(bool enabled)
{
    private volatile bool _refused;

    /// <summary>Whether the next download's first GET asks for part 1 by number.</summary>
    public bool Use => enabled && !_refused;

    /// <summary>The endpoint refused a GET by part number, and answered a ranged GET: ranges from now on.</summary>
    public void Refused() => _refused = true;

    /// <summary>Whether <paramref name="error"/> may be a server's refusal of GETs by part number (rather than of this
    /// object): 400, 405 or 501. A ranged GET then tells: it fails the same way when the refusal was the object's.</summary>
    public static bool MayBeRefusal(AmazonS3Exception error) =>
        error.StatusCode is HttpStatusCode.BadRequest or HttpStatusCode.MethodNotAllowed or HttpStatusCode.NotImplemented;
}
