namespace S3TransferManager.Scheduling;

/// <summary>
/// Builds a utility's request budget from its settings. <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/>
/// set (and <see cref="TransferUtilityConfig.MaxConcurrentServiceRequests"/> not): a fixed budget of that many requests
/// in flight, a hard cap, as in the AWS SDK. Otherwise the automatic budget: slots moved by a
/// <see cref="ConcurrencyTuner"/> between <see cref="Floor"/> and a ceiling that fits the machine, and the
/// bytes in flight held to the memory budget (<see cref="TransferUtilityConfig.BufferMemoryLimit"/>).
/// </summary>
internal static class RequestBudget
{
    /// <summary>
    /// Where the automatic budget starts, and starts over after idle: the requests the fixed default of 10 had open (10
    /// bodies, each with one early request). More at once was measured to draw 503s from an endpoint that limits its
    /// request rate to 200 a second with a burst of 20 (benchmarks/results/2026-11-23-adaptive-concurrency.md).
    /// </summary>
    public const int AutomaticStart = 20;

    /// <summary>
    /// Where a utility's first requests to its endpoint start, below <see cref="AutomaticStart"/>: each answer that
    /// comes as quickly as the first lets more go (<see cref="ConcurrencyController.Answered"/>), so an endpoint that
    /// answers every request at once gets the full start within about a round trip, while a server that serves a few
    /// requests at a time and queues the rest (moto, a NAS, a small MinIO) is never sent more than it answered quickly.
    /// </summary>
    public const int FirstContactStart = 8;

    /// <summary>The least the automatic budget goes down to: the bodies the fixed default of 10 streamed, and the AWS
    /// SDK's default. Time stretched by a busy client (its CPU shared, its disk slow) looks like an endpoint's pushback,
    /// and with a floor of 2 a directory of 1,000 small objects on a machine at a load of 15-20 was cut to a median of
    /// 8.5 s against 2.5 s at a fixed 10; below 10, a misreading would cost more than the default it replaces. An
    /// endpoint that accepts fewer still gets no more than the SDK's default sends it, and the SDK's retries back off.</summary>
    public const int Floor = 10;

    /// <summary>The automatic ceiling per processor, and its bounds. Small requests are bound by the client's CPU (about
    /// 0.3-0.7 ms of it per request here) and the round trip: 64 requests of 20 ms carry 3,200 a second, more than two
    /// cores can send, and well below the 3,500 PUTs and 5,500 GETs a second S3 serves one prefix.</summary>
    public const int CeilingPerProcessor = 32;

    public const int MinCeiling = 64;

    public const int MaxCeiling = 256;

    /// <summary>The ceiling that fits a machine of <paramref name="processorCount"/> processors.</summary>
    public static int MachineCeiling(int processorCount) => Math.Clamp(CeilingPerProcessor * processorCount, MinCeiling, MaxCeiling);

    /// <summary>Whether the settings ask for the automatic budget.</summary>
    public static bool IsAutomatic(TransferUtilityConfig config) =>
        config.ConcurrentServiceRequests is null || config.MaxConcurrentServiceRequests is not null;

    /// <summary>The most slots the budget may ever lend: the fixed budget, or the automatic ceiling: the machine's, at
    /// most <see cref="TransferUtilityConfig.MaxConcurrentServiceRequests"/> and an explicit
    /// <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/>. (An S3 client that allows fewer connections to one
    /// server queues the rest in its HTTP handler; they then take longer than a round trip, and the budget comes down to
    /// what the connections carry.)</summary>
    public static int Ceiling(TransferUtilityConfig config, int processorCount)
    {
        if (!IsAutomatic(config))
        {
            return config.ConcurrentServiceRequests!.Value;
        }

        int ceiling = config.MaxConcurrentServiceRequests ?? MachineCeiling(processorCount);
        if (config.ConcurrentServiceRequests is { } cap)
        {
            ceiling = Math.Min(ceiling, cap);
        }

        return ceiling;
    }

    /// <summary>The requests a transfer can count on at its start: the fixed budget, or where the automatic one starts.
    /// Uploads cut their parts into whole waves of it.</summary>
    public static int StartingRequests(TransferUtilityConfig config, EngineTuning tuning, int processorCount) =>
        !IsAutomatic(config) ? config.ConcurrentServiceRequests!.Value
        : config.ConcurrentServiceRequests is null && tuning.FixedSharedRequests is { } fixedRequests ? fixedRequests
        : Math.Min(AutomaticStart, Ceiling(config, processorCount));

    /// <summary>The smallest request a transfer's foresight counts (<see cref="ForeseenStart"/>): S3's smallest multipart
    /// part. At 60 MB/s per connection such a request takes about 90 ms, over four round trips, so even the ceiling's 64
    /// of them at once send under 700 requests a second, far below the 5,500 GETs a second S3 serves one prefix; small
    /// requests, whose rate is their round trip's, keep the start of <see cref="AutomaticStart"/>. (An endpoint whose
    /// rate limit allows bursts of only 20 refuses some of a larger start; the controller then starts no higher than
    /// the cut it made, see <see cref="ConcurrencyController.Foresee"/>.)</summary>
    public const long ForeseenMinPartBytes = TransferLimits.MinPartSize;

    /// <summary>
    /// Where the automatic budget may start for a transfer of <paramref name="parts"/> requests of
    /// <paramref name="partBytes"/> each: all of them, as far as the bytes in flight (<paramref name="maxBytesInFlight"/>,
    /// the memory budget) hold them; 0 (no say) for requests under <see cref="ForeseenMinPartBytes"/>. A 256 MiB object
    /// in 8 MiB parts under the default 256 MiB budget: 32.
    /// </summary>
    public static int ForeseenStart(int parts, long partBytes, long maxBytesInFlight) =>
        parts <= 0 || partBytes < ForeseenMinPartBytes ? 0 : (int)Math.Min(parts, maxBytesInFlight / partBytes);

    /// <summary>The scheduler for the settings, and the tuner that moves it (null for a fixed budget).</summary>
    public static (RequestScheduler Scheduler, ConcurrencyTuner? Tuner) Create(TransferUtilityConfig config, EngineTuning tuning,
        TimeProvider time, int processorCount)
    {
        if (!IsAutomatic(config))
        {
            return (new RequestScheduler(config.ConcurrentServiceRequests!.Value, allowSharedSlots: false), null);
        }

        if (config.ConcurrentServiceRequests is null && tuning.FixedSharedRequests is { } fixedRequests)
        {
            return (new RequestScheduler(fixedRequests, allowSharedSlots: true), null);
        }

        int ceiling = Ceiling(config, processorCount);
        var controller = new ConcurrencyController(StartingRequests(config, tuning, processorCount), Math.Min(Floor, ceiling), ceiling,
            tuning.FirstContactStart);
        // Left to itself, a slot may carry one early request: the budget counts bodies, and at most twice as many
        // requests are open. A ceiling the caller set (either property) counts every request, as the AWS SDK does.
        var scheduler = new RequestScheduler(controller.Limit,
            allowSharedSlots: config.ConcurrentServiceRequests is null && config.MaxConcurrentServiceRequests is null,
            maxBytesInFlight: config.BufferMemoryLimit, ceiling: ceiling);
        var tuner = new ConcurrencyTuner(scheduler, controller, time, tuning.AdaptiveWindow);
        scheduler.Observer = tuner;
        scheduler.Waking = tuner.OnWaking;
        scheduler.Foreseeing = tuning.ForeseenStart ? tuner.OnForeseen : null;
        scheduler.Expected = () => tuner.ExpectedRequests;
        return (scheduler, tuner);
    }
}
