namespace S3TransferManager;

/// <summary>The one place the synchronous members (kept for code written for <c>Amazon.S3.Transfer</c>) wait for the
/// asynchronous ones. The work starts on the thread pool, so a caller's single-threaded SynchronizationContext (a UI
/// thread, classic ASP.NET) is never needed to finish it.</summary>
internal static class SyncBridge
{
    public static T Run<T>(Func<Task<T>> work) => Task.Run(work).GetAwaiter().GetResult();

    public static void Run(Func<Task> work) => Task.Run(work).GetAwaiter().GetResult();
}
