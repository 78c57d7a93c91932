using System.Runtime.CompilerServices;
using Amazon.Runtime;
using Amazon.Runtime.Internal;
using Amazon.S3;

namespace S3TransferManager.Scheduling;

/// <summary>
/// Tells the automatic budgets of the utilities sharing an S3 client each time the endpoint refuses one of the
/// client's requests with 503 SlowDown, as it happens: before the client's own retry waits out its backoff, while the
/// request keeps its lease. Without it, a refusal shows only as a request that took several round trips.
/// </summary>
/// <remarks>
/// The AWS SDK raises none of its events per attempt (BeforeRequestEvent once per call, AfterResponseEvent only on
/// success, ExceptionEvent once retries are over), so one <see cref="SlowDownPipelineHandler"/> is placed inside the
/// client's retry handler, once per client: not process-wide, and seeing only that client's requests. It holds this
/// signal, which holds its listeners weakly: a utility dropped without being disposed is not kept alive by the client.
/// A client that is not an <see cref="AmazonServiceClient"/> of the SDK's shape (a mock, a user's own
/// <see cref="IAmazonS3"/>) gets no handler, and its budget reads pushback from request times alone.
/// </remarks>
internal sealed class SlowDownSignal
{
    private static readonly ConditionalWeakTable<AmazonServiceClient, SlowDownSignal> Signals = new();

    private readonly Lock _lock = new();
    private readonly List<WeakReference<ConcurrencyTuner>> _listeners = [];

    /// <summary>Has <paramref name="tuner"/> told of every refusal <paramref name="client"/> sees, until the returned
    /// subscription is disposed; null when the client's refusals cannot be seen.</summary>
    public static IDisposable? TryListen(IAmazonS3 client, ConcurrencyTuner tuner)
    {
        if (client is not AmazonServiceClient serviceClient)
        {
            return null;
        }

        SlowDownSignal signal;
        lock (Signals)
        {
            if (!Signals.TryGetValue(serviceClient, out signal!))
            {
                if (!TryInstall(serviceClient, signal = new SlowDownSignal()))
                {
                    return null;
                }

                Signals.Add(serviceClient, signal);
            }
        }

        return signal.Add(tuner);
    }

    /// <summary>A refusal: every listener still alive cuts its budget.</summary>
    public void Raise()
    {
        ConcurrencyTuner[] alive;
        lock (_lock)
        {
            _listeners.RemoveAll(listener => !listener.TryGetTarget(out _));
            alive = [.. _listeners.Select(listener => listener.TryGetTarget(out var tuner) ? tuner : null).OfType<ConcurrencyTuner>()];
        }

        foreach (ConcurrencyTuner tuner in alive)
        {
            tuner.OnRefused();
        }
    }

    private Subscription Add(ConcurrencyTuner tuner)
    {
        var listener = new WeakReference<ConcurrencyTuner>(tuner);
        lock (_lock)
        {
            _listeners.RemoveAll(existing => !existing.TryGetTarget(out _));
            _listeners.Add(listener);
        }

        return new Subscription(this, listener);
    }

    private void Remove(WeakReference<ConcurrencyTuner> listener)
    {
        lock (_lock)
        {
            _listeners.Remove(listener);
        }
    }

    /// <summary>Places the handler just inside the client's retry handler, where each attempt's error passes.</summary>
    private static bool TryInstall(AmazonServiceClient client, SlowDownSignal signal)
    {
        try
        {
            RuntimePipeline pipeline = ClientPipeline(client);
            if (!pipeline.Handlers.Any(handler => handler is RetryHandler))
            {
                return false;
            }

            pipeline.AddHandlerAfter<RetryHandler>(new SlowDownPipelineHandler(signal));
            return true;
        }
        catch (Exception e) when (e is MissingMethodException or InvalidOperationException or ObjectDisposedException)
        {
            // An SDK that no longer has this shape, or a disposed client: pushback is read from request times.
            return false;
        }
    }

    /// <summary>
    /// Why the handler could not be placed in <paramref name="client"/>'s pipeline, or null when it can be: the SDK
    /// member bound through <see cref="UnsafeAccessorAttribute"/> no longer resolves (as in a native build whose SDK
    /// lost or renamed it), or the pipeline has no retry handler. The library itself never throws for this (a client
    /// without the handler reads pushback from request times alone); the native-build smoke test calls it and fails
    /// loudly.
    /// </summary>
    internal static string? BindingProblem(AmazonServiceClient client)
    {
        try
        {
            return ClientPipeline(client).Handlers.Any(handler => handler is RetryHandler)
                ? null
                : "the client's RuntimePipeline has no RetryHandler to place the SlowDown handler after";
        }
        catch (MissingMethodException e)
        {
            return $"AmazonServiceClient.RuntimePipeline (bound through UnsafeAccessor) did not resolve: {e.Message}";
        }
    }

    [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "get_RuntimePipeline")]
    private static extern RuntimePipeline ClientPipeline(AmazonServiceClient client);

    private sealed class Subscription(SlowDownSignal signal, WeakReference<ConcurrencyTuner> listener) : IDisposable
    {
        public void Dispose() => signal.Remove(listener);
    }
}
