using Amazon.S3;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>
/// One out-of-process in-memory S3 endpoint for one benchmark case, with the S3 client, both transfer utilities and a
/// raw <see cref="HttpClient"/> pointed at it. Out of process, the endpoint's allocations stay out of the numbers.
/// </summary>
public sealed class EndpointSession : IAsyncDisposable
{
    public const string Bucket = "bench";

    /// <summary>Where <see cref="OursJournal"/> keeps the journals of uploads (downloads keep theirs beside the file).</summary>
    private readonly string _journalFolder;

    private EndpointSession(InMemoryS3Process endpoint, bool throttled = false)
    {
        Endpoint = endpoint;
        Client = S3ClientFactory.Create(endpoint.ServiceUrl, throttled, endpoint.Certificate is null ? null : new TrustingHttpClientFactory(endpoint));
        // The default config: the automatic budget (requests that follow their cost, a slot may carry one early request).
        Ours = new TransferUtility(Client);
        OursUniform = new TransferUtility(Client, new TransferUtilityConfig { ConcurrentServiceRequests = BenchmarkSettings.Concurrency }, null,
            new EngineTuning { DownloadTail = false, DownloadLookahead = false });
        OursStrict = new TransferUtility(Client, new TransferUtilityConfig { ConcurrentServiceRequests = BenchmarkSettings.Concurrency }, null,
            new EngineTuning { DownloadLookahead = false });
        _journalFolder = Directory.CreateTempSubdirectory("s3tm-bench-journals-").FullName;
        OursJournal = new TransferUtility(Client, new TransferUtilityConfig { ResumeTransfers = true, ResumeJournalFolder = _journalFolder });
        OursJournalFixed10 = new TransferUtility(Client, new TransferUtilityConfig { ResumeTransfers = true, ResumeJournalFolder = _journalFolder }, null,
            new EngineTuning { FixedSharedRequests = BenchmarkSettings.Concurrency });
        OursCap10 = new TransferUtility(Client, new TransferUtilityConfig { ConcurrentServiceRequests = BenchmarkSettings.Concurrency });
        OursPartWindow = new TransferUtility(Client, new TransferUtilityConfig(), null, new EngineTuning { OpenStreamWindowInBytes = false });
        OursFixed10 = new TransferUtility(Client, new TransferUtilityConfig(), null,
            new EngineTuning { FixedSharedRequests = BenchmarkSettings.Concurrency });
        OursStart20 = new TransferUtility(Client, new TransferUtilityConfig(), null, new EngineTuning { ForeseenStart = false });
        Incumbent = new Amazon.S3.Transfer.TransferUtility(
            Client, new Amazon.S3.Transfer.TransferUtilityConfig { ConcurrentServiceRequests = BenchmarkSettings.Concurrency });
        Raw = new RawHttpClient(endpoint.ServiceUrl, endpoint.CreateClientHandler());
    }

    public InMemoryS3Process Endpoint { get; }

    public AmazonS3Client Client { get; }

    public TransferUtility Ours { get; }

    /// <summary>This library with its download features off: uniform parts, and a part's request sent only when the
    /// previous body on that worker ended (every pending request counted against the budget).</summary>
    public TransferUtility OursUniform { get; }

    /// <summary>This library with the shrinking tail but without sending a request early: what strictly counted
    /// requests can reach.</summary>
    public TransferUtility OursStrict { get; }

    /// <summary>This library with ConcurrentServiceRequests = 10: a fixed budget and a hard cap, as the SDK's 10.</summary>
    public TransferUtility OursCap10 { get; }

    /// <summary>This library at its defaults with OpenStream's window counted in parts, whatever their length (as it
    /// was before it counted bytes).</summary>
    public TransferUtility OursPartWindow { get; }

    /// <summary>This library with the default that preceded the automatic budget: 10 bodies at most, each slot free to
    /// carry one early request. The automatic budget replaces it only where it is measured no slower.</summary>
    public TransferUtility OursFixed10 { get; }

    /// <summary>This library at its defaults, except that every transfer starts the automatic budget at 20 requests,
    /// however many large parts it has (as before a transfer's parts set its start).</summary>
    public TransferUtility OursStart20 { get; }

    /// <summary>This library at its defaults with resume on: every part recorded in a journal as it completes, the
    /// journal created before the first part and deleted after the last.</summary>
    public TransferUtility OursJournal { get; }

    /// <summary><see cref="OursFixed10"/> with resume on. The automatic budget of two utilities can settle on different
    /// concurrency over a run, which moves a 1 GiB upload by more than a journal costs; a fixed budget on both sides
    /// leaves the journal the only difference.</summary>
    public TransferUtility OursJournalFixed10 { get; }

    public Amazon.S3.Transfer.TransferUtility Incumbent { get; }

    public RawHttpClient Raw { get; }

    /// <summary>Starts the endpoint with <paramref name="profile"/> and its defaults (S3Like: 20 ms, 60 MB/s).</summary>
    /// <param name="profile">The traffic profile.</param>
    /// <param name="prewarmedStorageBytes">Storage to touch at start (uploads: about twice the bytes of one upload).</param>
    /// <param name="md5ETags">
    /// False for uploads: the endpoint's MD5 of uploaded bodies runs at well under 1 GiB/s on one core and would be
    /// the ceiling of every client. Downloads keep real MD5 ETags (the SDK checks them on whole-object GETs).
    /// </param>
    /// <param name="https">Serve HTTPS with a certificate made at start, which every client of the session trusts.</param>
    public static Task<EndpointSession> StartAsync(InMemoryS3Profile profile, long prewarmedStorageBytes = 0, bool md5ETags = true, bool https = false) =>
        StartAsync(profile == InMemoryS3Profile.S3Like ? NetworkProfile.S3Like : NetworkProfile.Raw, prewarmedStorageBytes, md5ETags, https);

    /// <summary>Starts the endpoint in <paramref name="profile"/> with the settings an upload scenario needs (see the
    /// overload above).</summary>
    public static async Task<EndpointSession> StartAsync(NetworkProfile profile, long prewarmedStorageBytes, bool md5ETags, bool https)
    {
        InMemoryS3Options options = OptionsFor(profile);
        options.PrewarmedStorageBytes = prewarmedStorageBytes;
        options.ComputeMd5ETags = md5ETags;
        options.UseHttps = https;
        InMemoryS3Process endpoint = await InMemoryS3Process.StartAsync(options, FindServerAssembly());
        return new EndpointSession(endpoint);
    }

    /// <summary>Starts the endpoint for a download scenario's <paramref name="profile"/>.</summary>
    public static async Task<EndpointSession> StartAsync(NetworkProfile profile)
    {
        InMemoryS3Process endpoint = await InMemoryS3Process.StartAsync(OptionsFor(profile), FindServerAssembly());
        return new EndpointSession(endpoint, throttled: profile == NetworkProfile.S3Throttled);
    }

    /// <summary>The endpoint's options for <paramref name="profile"/>.</summary>
    public static InMemoryS3Options OptionsFor(NetworkProfile profile) => profile switch
    {
        NetworkProfile.Raw => new InMemoryS3Options { Profile = InMemoryS3Profile.Raw },
        NetworkProfile.S3Like => new InMemoryS3Options { Profile = InMemoryS3Profile.S3Like },
        NetworkProfile.S3Throttled => new InMemoryS3Options
        {
            Profile = InMemoryS3Profile.S3Like, SlowDownAboveRequestsPerSecond = BenchmarkSettings.SlowDownRate,
        },
        NetworkProfile.S3Tail => new InMemoryS3Options
        {
            Profile = InMemoryS3Profile.S3Like, SlowFirstByteFraction = 0.01, SlowFirstByteDelay = TimeSpan.FromSeconds(2),
        },
        NetworkProfile.S3Harsh => new InMemoryS3Options
        {
            Profile = InMemoryS3Profile.S3Like,
            FirstByteDelay = TimeSpan.FromMilliseconds(50),
            BandwidthBytesPerSecond = 30_000_000,
        },
        NetworkProfile.SlowServer => new InMemoryS3Options
        {
            Profile = InMemoryS3Profile.Raw, ServedAtOnce = 2, ServedBytesPerSecond = 5 * 1024 * 1024,
        },
        _ => throw new ArgumentOutOfRangeException(nameof(profile)),
    };

    /// <summary>Seeds an object as if uploaded in parts of <see cref="BenchmarkSettings.PartSize"/> (0: one part).</summary>
    public Task<string> SeedAsync(string key, long length, long partSize = BenchmarkSettings.PartSize) =>
        Endpoint.SeedObjectAsync(Bucket, key, length, partSize);

    /// <summary>
    /// The endpoint's dll: the host passes the copy next to its own output (which has a runtimeconfig.json), since
    /// BenchmarkDotNet's generated project may not carry one; otherwise this assembly's location.
    /// </summary>
    public static string? FindServerAssembly()
    {
        string? fromHost = Environment.GetEnvironmentVariable(BenchmarkSettings.ServerAssemblyVariable);
        if (!string.IsNullOrEmpty(fromHost) && File.Exists(Path.ChangeExtension(fromHost, ".runtimeconfig.json")))
        {
            return fromHost;
        }

        return null;
    }

    public async ValueTask DisposeAsync()
    {
        Raw.Dispose();
        Ours.Dispose();
        OursUniform.Dispose();
        OursStrict.Dispose();
        OursJournal.Dispose();
        OursJournalFixed10.Dispose();
        Directory.Delete(_journalFolder, recursive: true);
        OursCap10.Dispose();
        OursPartWindow.Dispose();
        OursFixed10.Dispose();
        OursStart20.Dispose();
        Incumbent.Dispose();
        Client.Dispose();
        await Endpoint.DisposeAsync();
    }
}
