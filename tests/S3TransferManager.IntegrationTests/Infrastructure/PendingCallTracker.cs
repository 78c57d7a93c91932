using System.Collections.Concurrent;
using System.Reflection;
using Amazon.S3;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// Wraps an <see cref="IAmazonS3"/> and tracks every asynchronous call through it until its task completes, so a test
/// whose transfer hangs can say which SDK calls were still pending, and for how long, instead of only that it hung.
/// </summary>
public class PendingCallTracker : DispatchProxy
{
    private readonly ConcurrentDictionary<int, (string Call, DateTime Started)> _pending = new();
    private IAmazonS3 _inner = null!;
    private int _lastId;

    public static (IAmazonS3 Client, PendingCallTracker Tracker) Wrap(IAmazonS3 inner)
    {
        IAmazonS3 proxy = Create<IAmazonS3, PendingCallTracker>();
        var tracker = (PendingCallTracker)(object)proxy;
        tracker._inner = inner;
        return (proxy, tracker);
    }

    /// <summary>One line per call whose task has not completed.</summary>
    public IReadOnlyList<string> Pending()
    {
        DateTime now = DateTime.UtcNow;
        return [.. _pending.OrderBy(p => p.Key).Select(p => $"#{p.Key} {p.Value.Call}, pending for {(now - p.Value.Started).TotalSeconds:F1} s")];
    }

    protected override object? Invoke(MethodInfo? targetMethod, object?[]? args)
    {
        object? result;
        try
        {
            result = targetMethod!.Invoke(_inner, args);
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(e.InnerException);
            throw;
        }

        if (result is Task task && !task.IsCompleted)
        {
            int id = Interlocked.Increment(ref _lastId);
            string call = targetMethod.Name + Describe(args);
            _pending[id] = (call, DateTime.UtcNow);
            task.ContinueWith(_ => _pending.TryRemove(id, out (string, DateTime) _), CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
        }

        return result;
    }

    private static string Describe(object?[]? args)
    {
        object? request = args is { Length: > 0 } ? args[0] : null;
        return request switch
        {
            Amazon.S3.Model.UploadPartRequest part => $"(part {part.PartNumber})",
            Amazon.S3.Model.AbortMultipartUploadRequest abort => $"(upload {abort.UploadId})",
            _ => string.Empty,
        };
    }
}
