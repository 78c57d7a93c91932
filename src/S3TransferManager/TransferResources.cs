using System.Buffers;
using Amazon.S3;
using Microsoft.Extensions.Logging;
using S3TransferManager.Buffering;
using S3TransferManager.Download;
using S3TransferManager.Resume;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;
using S3TransferManager.Requests;

namespace S3TransferManager;

/// <summary>
/// What every command of one <see cref="TransferUtility"/> shares, resolved once in its constructor and handed down:
/// the client, the validated settings, the logger, the pool buffers come from, the clock, and the budgets of requests
/// and of buffer memory.
/// Commands never look any of these up themselves.
/// </summary>
internal sealed class TransferResources
{
    /// <param name="client">The client every request goes through.</param>
    /// <param name="config">Validated settings.</param>
    /// <param name="logger">Where to log.</param>
    /// <param name="pool">Where 64 KiB buffers and chunks come from; <see cref="ChunkPool.Default"/> when null
    /// (tests pass a counting pool).</param>
    /// <param name="timeProvider">The clock for delays (tests pass a fake); when null, the settings'
    /// <see cref="TransferUtilityConfig.TimeProvider"/>, else <see cref="TimeProvider.System"/>.</param>
    /// <param name="tuning">The engine's internal knobs; <see cref="EngineTuning.Default"/> when null.</param>
    public TransferResources(IAmazonS3 client, TransferUtilityConfig config, ILogger logger, ArrayPool<byte>? pool = null,
        TimeProvider? timeProvider = null, EngineTuning? tuning = null)
    {
        Tuning = tuning ?? EngineTuning.Default;
        Client = client;
        Config = config;
        Checksums = ClientChecksums.Of(client);
        Logger = logger;
        Pool = pool ?? ChunkPool.Default;
        TimeProvider = timeProvider ?? config.TimeProvider ?? TimeProvider.System;
        (Scheduler, Tuner) = RequestBudget.Create(config, Tuning, TimeProvider, Environment.ProcessorCount);
        Refusals = Tuner is null ? null : SlowDownSignal.TryListen(client, Tuner);
        StartingRequests = RequestBudget.StartingRequests(config, Tuning, Environment.ProcessorCount);
        Buffers = new BufferBudget(config.BufferMemoryLimit);
        Bandwidth = config.MaxBytesPerSecond is { } cap ? new BandwidthLimiter(cap, TimeProvider) : null;
        RetryPolicy = new RetryPolicy(config.InterruptedBodyRetryAttempts, config.InterruptedBodyRetryDelay, config.BodyStallTimeout,
            TimeProvider, Tuning.RetryJitter);
        Opening = new PartNumberOpening(Tuning.OpenByPartNumber);
        Activity = new EndpointActivity(TimeProvider);
        Congestion = new CongestionResponse(Activity, Tuner);
        Answers = new LearnedAnswers(AnswerBounds.For(config.BodyStallTimeout, Tuning), () => Scheduler.InFlight, Answered);
        TransferMetrics.Track(Scheduler, Buffers);
        Journals = config.ResumeTransfers ? new JournalStore(this) : null;
        S3 = new S3Calls(client, new RequestSender(this));
    }

    public IAmazonS3 Client { get; }

    /// <summary>The client's checksum settings: which checksum headers the library's requests may carry.</summary>
    public ClientChecksums Checksums { get; }

    /// <summary>The cleanup cancelled transfers left running (an abort), which the utility's disposal waits for.</summary>
    public Cleanups Cleanups { get; } = new();

    /// <summary>The one way a request goes out: every S3 call of every transfer is sent through it.</summary>
    public S3Calls S3 { get; }

    public TransferUtilityConfig Config { get; }

    public ILogger Logger { get; }

    public ArrayPool<byte> Pool { get; }

    public TimeProvider TimeProvider { get; }

    /// <summary>The engine's internal knobs (failure waits, the adaptive window, download features benchmarks turn off).</summary>
    public EngineTuning Tuning { get; }

    /// <summary>The budget of requests in flight across every transfer of the utility (<see cref="RequestBudget"/>).</summary>
    public RequestScheduler Scheduler { get; }

    /// <summary>Moves <see cref="Scheduler"/>'s budget when it is automatic; null when it is fixed. Transfers report the
    /// bytes they move to it.</summary>
    public ConcurrencyTuner? Tuner { get; }

    /// <summary>Tells <see cref="Tuner"/> of each 503 SlowDown as the client sees it, until disposed with the utility; null
    /// when the budget is fixed or the client's refusals cannot be seen (<see cref="SlowDownSignal"/>).</summary>
    public IDisposable? Refusals { get; }

    /// <summary>The requests a transfer can count on at its start (<see cref="RequestBudget.StartingRequests"/>).</summary>
    public int StartingRequests { get; }

    /// <summary>The budget of pooled buffer bytes for parts waiting in memory, across every transfer of the utility.</summary>
    public BufferBudget Buffers { get; }

    /// <summary>The bytes per second every transfer of the utility may move together; null when there is no cap.</summary>
    public BandwidthLimiter? Bandwidth { get; }

    /// <summary>How part bodies are resumed when they break off or stall.</summary>
    public RetryPolicy RetryPolicy { get; }

    /// <summary>How long S3 has taken to answer this utility's requests: the bound after which one counts as stalled,
    /// and when a slow one is hedged.</summary>
    public LearnedAnswers Answers { get; }

    /// <summary>Whether downloads open with a GET of part 1 by number, and whether the endpoint refused one.</summary>
    public PartNumberOpening Opening { get; }

    /// <summary>When the endpoint last answered any of this utility's requests or moved a byte of their bodies.</summary>
    public EndpointActivity Activity { get; }

    /// <summary>What a request that stalled in the endpoint's queue does: cut the budget, wait for a slot.</summary>
    public CongestionResponse Congestion { get; }

    /// <summary>Where transfers find the journals that let them resume; null when
    /// <see cref="TransferUtilityConfig.ResumeTransfers"/> is off.</summary>
    public JournalStore? Journals { get; }

    /// <summary>An answer came <paramref name="waited"/> after its request was sent: the endpoint is alive, and the
    /// budget's first contact may grow.</summary>
    private void Answered(TimeSpan waited)
    {
        Activity.Moved();
        Tuner?.OnAnswered(waited);
    }
}
