using System.Collections.Concurrent;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Fakes;

/// <summary>An upload delegate for part engine tests: each part waits until the test releases it (with
/// an error or without), or, when it honours cancellation, until its token is cancelled.</summary>
internal sealed class ScriptedParts(int expectedStarts, bool honourCancellation = true)
{
    private readonly ConcurrentDictionary<int, TaskCompletionSource> _release = new();
    private readonly ConcurrentDictionary<int, TaskCompletionSource> _cancellationSeen = new();
    private int _started;

    public TaskCompletionSource AllStarted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public int Started => Volatile.Read(ref _started);

    public Task CancellationSeen(int partNumber) => Slot(_cancellationSeen, partNumber).Task;

    public void Release(int partNumber, Exception? error)
    {
        TaskCompletionSource release = Slot(_release, partNumber);
        if (error is null)
        {
            release.TrySetResult();
        }
        else
        {
            release.TrySetException(error);
        }
    }

    public async Task UploadAsync(PartBody part, CancellationToken cancellationToken)
    {
        using CancellationTokenRegistration seen = cancellationToken.Register(() => Slot(_cancellationSeen, part.PartNumber).TrySetResult());
        if (Interlocked.Increment(ref _started) == expectedStarts)
        {
            AllStarted.TrySetResult();
        }

        Task released = Slot(_release, part.PartNumber).Task;
        await (honourCancellation ? released.WaitAsync(cancellationToken) : released);
        await part.Content.CopyToAsync(Stream.Null, CancellationToken.None);
    }

    private static TaskCompletionSource Slot(ConcurrentDictionary<int, TaskCompletionSource> slots, int partNumber) =>
        slots.GetOrAdd(partNumber, _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));
}
