using System.Net;
using System.Net.Sockets;
using Amazon.Runtime;

namespace S3TransferManager.Resume;

/// <summary>
/// Which failures leave a transfer to be resumed: the caller's cancellation, and what a later attempt may not meet
/// again (a broken or silent connection, a server error or throttling, a full disk). Anything else (access denied, a
/// missing bucket or object, a changed object, a checksum mismatch, a bad answer) would fail the next attempt the same
/// way, or its bytes must not be kept: the transfer then ends as it does without a journal.
/// </summary>
internal static class ResumableFailure
{
    public static bool IsResumable(Exception error) => error switch
    {
        OperationCanceledException => true,
        ObjectModifiedException or ChecksumMismatchException or UnexpectedResponseException or PartLimitExceededException => false,
        // A part that kept breaking off: the connection's fault, unless what broke it was one of the above.
        PartDownloadException { InnerException: { } inner } => IsResumable(inner),
        PartDownloadException => true,
        AmazonServiceException service => service.StatusCode is 0 or >= HttpStatusCode.InternalServerError or HttpStatusCode.TooManyRequests
            or HttpStatusCode.RequestTimeout,
        AmazonClientException { InnerException: { } inner } => IsResumable(inner),
        IOException or HttpRequestException or SocketException or TimeoutException => true,
        AggregateException { InnerExceptions: [var only] } => IsResumable(only),
        _ => false,
    };
}
