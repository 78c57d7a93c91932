using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>
/// The download rows of the fault matrix, run by download to a file and (all but the destination rows) by OpenStream.
/// The object has <see cref="FaultScene.DownloadParts"/> parts, so GET number 1 is discovery (part 1) and the others are
/// parts 2..5 in the order they reach the proxy. The <c>lead-</c> rows open by part number, as downloads do by default:
/// moto answers with the whole object, whose one body the parts read on, and the fault hits that body.
/// </summary>
internal static class DownloadFaultCases
{
    private const long MidBody = 10_000;

    /// <summary>How late a whole-object answer comes in the cases where it must be read in one request: its pace then
    /// says one connection is as fast as parallel GETs (a server whose cost is per request), whatever the machine's load.</summary>
    private static readonly TimeSpan LateLead = TimeSpan.FromMilliseconds(500);

    public static IReadOnlyDictionary<string, FaultCase> All { get; } = new FaultCase[]
    {
        new("503-once", "A 503 SlowDown on one part is retried; the download ends with the right bytes.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, ProxyFault.SlowDown), Outcome.Succeeds)
        {
            Then = s => Gets(s, FaultScene.DownloadParts + 1),
        },
        new("500-once", "A 500 on the discovery GET is retried; the download ends with the right bytes.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 1, ProxyFault.InternalError), Outcome.Succeeds),
        new("503-always", "503 on every try fails cleanly with S3's error, after the client's retries, not a hang.",
            s => s.Proxy.Plan.Every(S3Operation.GetObject, ProxyFault.SlowDown), Outcome.S3Error("SlowDown")),
        new("403-on-a-part", "A part refused for good fails the download with S3's error; nothing is written.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 3, ProxyFault.AccessDenied), Outcome.S3Error("AccessDenied"))
        {
            StreamOutcome = Outcome.S3Error("AccessDenied").InsidePart(),
        },
        new("closed-mid-body", "A connection closed mid-body is resumed from the byte it stopped at (a ranged GET with If-Match).",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, new CloseAfterBytes(MidBody)), Outcome.Succeeds)
        {
            Then = s => Gets(s, FaultScene.DownloadParts + 1),
        },
        new("reset-mid-body", "A connection reset (RST) after part of a body ends right, whether the reset cost the body (resumed) or the whole answer (retried).",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, new ResetAfterBytes(MidBody)), Outcome.Succeeds)
        {
            Then = s => Gets(s, FaultScene.DownloadParts + 1),
        },
        new("closed-always", "A body that breaks on every try fails with PartDownloadException once the resumes are spent.",
            s => s.Proxy.Plan.Every(S3Operation.GetObject, new CloseAfterBytes(1000)), Outcome.PartFails<HttpIOException>()),
        new("stall-mid-body", "A body that stops sending (no reset, no FIN) is declared stalled after BodyStallTimeout and resumed.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, new StallBody(MidBody)), Outcome.Succeeds)
        {
            ShortStallTimeout = true,
            Then = s => Gets(s, FaultScene.DownloadParts + 1),
        },
        new("stall-before-headers", "A request whose response headers never come is given up after BodyStallTimeout and sent again.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, new ProxyFault.Hold()), Outcome.Succeeds)
        {
            ShortStallTimeout = true,
            Then = s => Gets(s, FaultScene.DownloadParts + 1),
        },
        new("discovery-unanswered", "A first GET whose response headers never come is given up after BodyStallTimeout and sent again.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 1, new ProxyFault.Hold()), Outcome.Succeeds)
        {
            ShortStallTimeout = true,
            Then = s => Gets(s, FaultScene.DownloadParts + 1),
        },
        new("head-unanswered", "A checksum HEAD that never answers is given up after BodyStallTimeout: the download ends with the right bytes, unvalidated, not a hang.",
            s => s.Proxy.Plan.Every(S3Operation.HeadObject, new ProxyFault.Hold()), Outcome.Succeeds)
        {
            ShortStallTimeout = true,
            Then = s => Gets(s, FaultScene.DownloadParts),
        },
        new("slow-drip", "A slow body that keeps making progress (4 KiB every 100 ms, 1.6 s in all, above the 1 s stall timeout) is not taken for a stall.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 1, new DripBody(4096, TimeSpan.FromMilliseconds(100))), Outcome.Succeeds)
        {
            ShortStallTimeout = true,
            Then = s => Gets(s, FaultScene.DownloadParts),
        },
        new("flipped-byte", "One byte inverted in a part is caught by the object's stored CRC32: ChecksumMismatchException, nothing written.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, new FlipByte(1000)),
            Outcome.Throws<ChecksumMismatchException>(e => e.Algorithm == "CRC32" && e.Expected != e.Actual ? null : $"{e.Algorithm} {e.Expected} {e.Actual}")),
        new("truncated-body", "A body that ends cleanly but early (chunked, no error) is resumed for the missing bytes.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, new TruncateBody(MidBody)), Outcome.Succeeds)
        {
            Then = s => Gets(s, FaultScene.DownloadParts + 1),
        },
        new("wrong-content-range", "An answer whose Content-Range is not the range asked for is refused: UnexpectedResponseException.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, new WrongContentRange(1)), Outcome.Throws<UnexpectedResponseException>())
        {
            StreamOutcome = Outcome.Throws<UnexpectedResponseException>().InsidePart(),
        },
        new("overwritten-mid-transfer", "An object overwritten between parts fails with ObjectModifiedException (If-Match), never a mix of versions.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, new ProxyFault.RunBefore(s.OverwriteAsync)), Outcome.Throws<ObjectModifiedException>())
        {
            StreamOutcome = Outcome.Throws<ObjectModifiedException>().InsidePart(),
        },
        new("deleted-mid-transfer", "An object deleted between parts fails with S3's NoSuchKey; nothing is written.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, new ProxyFault.RunBefore(s.DeleteAsync)), Outcome.Throws<NoSuchKeyException>())
        {
            StreamOutcome = Outcome.Throws<NoSuchKeyException>().InsidePart(),
        },
        new("cancel-in-discovery", "Cancelled while the first GET waits for its answer: OperationCanceledException, nothing left.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 1, new ProxyFault.Hold(s.CancelWhenReached())), Outcome.Canceled),
        new("cancel-mid-part", "Cancelled while a part's body is half sent: OperationCanceledException, nothing left.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 2, new StallBody(MidBody, s.CancelWhenReached())), Outcome.Canceled),
        new("cancel-near-the-end", "Cancelled while the last part requested stalls before its end: nothing left, no rename.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, FaultScene.DownloadParts, new StallBody((FaultScene.DownloadPartSize / 2) - 1, s.CancelWhenReached())),
            Outcome.Canceled),
        new("lead-closed-mid-body", "A whole-object answer to part 1 by number, closed inside part 2: that part's rest is a ranged GET, and the parts after it go in parallel.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 1, new CloseAfterBytes(FaultScene.DownloadPartSize + MidBody)), Outcome.Succeeds)
        {
            OpensByPartNumber = true,
        },
        new("lead-stall-mid-body", "A whole-object answer to part 1 by number that stops sending inside part 2 is declared stalled and that part's rest requested.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 1, new StallBody(FaultScene.DownloadPartSize + MidBody)), Outcome.Succeeds)
        {
            OpensByPartNumber = true,
            ShortStallTimeout = true,
        },
        new("lead-flipped-byte", "One byte inverted in part 3 of a whole-object answer (late, so read on part after part) is caught by the stored CRC32.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 1, new FlipByte((2 * FaultScene.DownloadPartSize) + 1000) { AnswerAfter = LateLead }),
            Outcome.Throws<ChecksumMismatchException>(e => e.Algorithm == "CRC32" && e.Expected != e.Actual ? null : $"{e.Algorithm} {e.Expected} {e.Actual}"))
        {
            OpensByPartNumber = true,
        },
        new("lead-read-in-one-request", "A whole-object answer to part 1 by number that came late and streams fast (a server whose cost is per "
            + "request) is read to the end, part after part, with no other GET.",
            s => s.Proxy.Plan.Nth(S3Operation.GetObject, 1, new LateAnswer(LateLead)), Outcome.Succeeds)
        {
            OpensByPartNumber = true,
            Then = s => Gets(s, 1),
        },
        new("missing-folder", "A destination folder that does not exist is created; the download succeeds.",
            _ => { }, Outcome.Succeeds)
        {
            Destination = Destination.MissingFolder,
        },
        new("read-only-folder", "A read-only destination folder fails with the file system's error; the existing file is untouched.",
            _ => { }, Outcome.Throws<IOException>(e => e.Message.Contains("Read-only", StringComparison.OrdinalIgnoreCase) ? null : e.Message))
        {
            Destination = Destination.ReadOnlyFolder,
        },
        new("full-disk", "A disk without room for the object fails before any part is fetched; no temp file, the existing file untouched.",
            _ => { }, Outcome.Throws<IOException>(e => e.Message.Contains("disk was full", StringComparison.Ordinal) ? null : e.Message))
        {
            Destination = Destination.FullDisk,
            Then = s => Gets(s, 1),
        },
    }.ToDictionary(c => c.Name);

    private static void Gets(FaultScene scene, int expected) => Assert.Equal(expected, scene.Proxy.Count(S3Operation.GetObject));
}
