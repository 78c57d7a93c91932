using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>
/// The upload rows of the fault matrix, run by upload from a file and from a non-seekable stream. The upload has two
/// parts (<see cref="FaultScene.UploadPartSize"/> and 64 KiB) in flight together, so UploadPart number 1 and 2 are the
/// parts in the order they reach the proxy.
/// </summary>
internal static class UploadFaultCases
{
    public static IReadOnlyDictionary<string, FaultCase> All { get; } = new FaultCase[]
    {
        new("create-503-once", "A 503 SlowDown on CreateMultipartUpload is retried; the object is stored right.",
            s => s.Proxy.Plan.Nth(S3Operation.CreateMultipartUpload, 1, ProxyFault.SlowDown), Outcome.Succeeds),
        new("part-503-once", "A 503 SlowDown on one part is retried from the part's own bytes; the object is stored right.",
            s => s.Proxy.Plan.Nth(S3Operation.UploadPart, 2, ProxyFault.SlowDown), Outcome.Succeeds)
        {
            Then = s => Assert.Equal(3, s.Proxy.Count(S3Operation.UploadPart)),
        },
        new("part-500-once", "A 500 on one part is retried; the object is stored right.",
            s => s.Proxy.Plan.Nth(S3Operation.UploadPart, 1, ProxyFault.InternalError), Outcome.Succeeds),
        new("part-reset-mid-body", "A connection reset while a part's body is being sent is retried; the object is stored right.",
            s => s.Proxy.Plan.Nth(S3Operation.UploadPart, 1, new ProxyFault.ResetDuringRequestBody(64 * 1024)), Outcome.Succeeds),
        new("part-503-always", "503 on every try of every part fails cleanly with S3's error, and the upload is aborted.",
            s => s.Proxy.Plan.Every(S3Operation.UploadPart, ProxyFault.SlowDown), Outcome.S3Error("SlowDown"))
        {
            Then = Aborted,
        },
        new("part-403", "403 on one UploadPart fails the upload with S3's error; it is aborted, and never completed.",
            s => s.Proxy.Plan.Nth(S3Operation.UploadPart, 2, ProxyFault.AccessDenied), Outcome.S3Error("AccessDenied"))
        {
            Then = s =>
            {
                Aborted(s);
                Assert.Equal(0, s.Proxy.Count(S3Operation.CompleteMultipartUpload));
            },
        },
        new("complete-200-error", "CompleteMultipartUpload answering 200 with an <Error> body is a failure, not a success; the upload is aborted.",
            s => s.Proxy.Plan.Every(S3Operation.CompleteMultipartUpload, ProxyFault.ErrorIn200), Outcome.S3Error("InternalError"))
        {
            Then = Aborted,
        },
        new("complete-no-such-upload", "NoSuchUpload from CompleteMultipartUpload fails with S3's error; the abort still runs.",
            s => s.Proxy.Plan.Every(S3Operation.CompleteMultipartUpload, ProxyFault.NoSuchUpload), Outcome.S3Error("NoSuchUpload"))
        {
            Then = Aborted,
        },
        new("complete-entity-too-small", "EntityTooSmall from CompleteMultipartUpload fails with S3's error; the upload is aborted.",
            s => s.Proxy.Plan.Every(S3Operation.CompleteMultipartUpload, ProxyFault.EntityTooSmall), Outcome.S3Error("EntityTooSmall"))
        {
            Then = Aborted,
        },
        new("complete-500-once", "A 500 on CompleteMultipartUpload is retried; the object is stored right.",
            s => s.Proxy.Plan.Nth(S3Operation.CompleteMultipartUpload, 1, ProxyFault.InternalError), Outcome.Succeeds),
        new("cancel-in-create", "Cancelled while CreateMultipartUpload waits for its answer: OperationCanceledException, nothing open.",
            s => s.Proxy.Plan.Nth(S3Operation.CreateMultipartUpload, 1, new ProxyFault.Hold(s.CancelWhenReached())), Outcome.Canceled),
        new("cancel-mid-part", "Cancelled while a part waits for its answer: OperationCanceledException, the upload aborted.",
            s => s.Proxy.Plan.Nth(S3Operation.UploadPart, 2, new ProxyFault.Hold(s.CancelWhenReached())), Outcome.Canceled)
        {
            Then = Aborted,
        },
        new("cancel-before-complete", "Cancelled while CompleteMultipartUpload waits for its answer: OperationCanceledException, the upload aborted.",
            s => s.Proxy.Plan.Nth(S3Operation.CompleteMultipartUpload, 1, new ProxyFault.Hold(s.CancelWhenReached())), Outcome.Canceled)
        {
            Then = Aborted,
        },
    }.ToDictionary(c => c.Name);

    private static void Aborted(FaultScene scene) => Assert.Equal(1, scene.Proxy.Count(S3Operation.AbortMultipartUpload));
}
