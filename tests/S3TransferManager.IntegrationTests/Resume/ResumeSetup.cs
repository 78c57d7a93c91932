using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Resume;

/// <summary>What the resume tests share: a utility with resume on and its journals in the test's own folder, and a way
/// to stop a transfer at a chosen request and cancel it there.</summary>
internal static class ResumeSetup
{
    public const int MiB = 1024 * 1024;

    public static string JournalFolder(S3TestContext s3) => s3.PathFor("journals");

    /// <summary>Resume on, journals under the test's folder, one request at a time (so the parts go in order and a
    /// stall at part N means parts 1..N-1 are done).</summary>
    public static TransferUtilityConfig Config(S3TestContext s3, int concurrency = 1) => new()
    {
        ResumeTransfers = true,
        ResumeJournalFolder = JournalFolder(s3),
        ConcurrentServiceRequests = concurrency,
    };

    public static bool IsUploadPart(RequestRecord r, int partNumber) =>
        r.Method == "PUT" && (r.Uri.Query.Contains($"partNumber={partNumber}&", StringComparison.Ordinal)
            || r.Uri.Query.EndsWith($"partNumber={partNumber}", StringComparison.Ordinal));

    public static bool IsUploadPart(RequestRecord r) => r.Method == "PUT" && r.Uri.Query.Contains("partNumber=", StringComparison.Ordinal);

    /// <summary>Runs <paramref name="transfer"/> until a request <paramref name="stallOn"/> picks is sent, then cancels
    /// it there (as a user's Ctrl+C would), and returns the error it ended with.</summary>
    public static Task<Exception> InterruptAsync(S3TestContext s3, Func<RequestRecord, bool> stallOn, Func<CancellationToken, Task> transfer) =>
        InterruptAsync(s3.Handler, stallOn, transfer);

    /// <summary>The same, for a client over <paramref name="handler"/> (a real server's, say); <paramref name="otherwise"/>
    /// gives the requests not stalled a fault of their own.</summary>
    public static async Task<Exception> InterruptAsync(RecordingHandler handler, Func<RequestRecord, bool> stallOn, Func<CancellationToken, Task> transfer,
        Func<RequestRecord, Fault?>? otherwise = null)
    {
        var stalled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var never = new TaskCompletionSource();
        handler.FaultRule = r => stallOn(r) ? new Fault.Stall(stalled, never.Task) : otherwise?.Invoke(r);
        using var cancellation = new CancellationTokenSource();
        Task running = transfer(cancellation.Token);
        await Task.WhenAny(stalled.Task, running).WaitAsync(TimeSpan.FromSeconds(60));
        Assert.True(stalled.Task.IsCompleted, "The transfer ended before the request it was to stop at.");
        await cancellation.CancelAsync();
        Exception error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => running.WaitAsync(TimeSpan.FromSeconds(30)));
        handler.Reset();
        return error;
    }

    /// <summary>Runs <paramref name="request"/> to the end a run killed while CompleteMultipartUpload's answer was on its
    /// way would have: moto completes the upload, the answer breaks off, and nothing sends it again (a client without
    /// retries), so the upload fails with its journal kept and the object stored.</summary>
    public static async Task UploadWithCompleteAnswerLostAsync(MotoServer moto, S3TestContext s3, TransferUtilityUploadRequest request)
    {
        using AmazonS3Client once = S3TestContext.CreateClient(moto.ServiceUrl, new RecordingHttpClientFactory(s3.Handler), c => c.MaxErrorRetry = 0);
        using var stopped = new TransferUtility(once, Config(s3));
        s3.Handler.FaultRule = r => IsComplete(r) ? new Fault.ResetAfter(0) : null;
        await Assert.ThrowsAnyAsync<Exception>(() => stopped.UploadWithResponseAsync(request));
        s3.Handler.Reset();
    }

    public static bool IsComplete(RequestRecord r) => r.Method == "POST" && r.HasQuery("uploadId");

    public static string[] Journals(S3TestContext s3) =>
        Directory.Exists(JournalFolder(s3)) ? Directory.GetFiles(JournalFolder(s3)) : [];
}
