using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Security.Cryptography.X509Certificates;
using S3TransferManager.InMemoryS3.Http;

namespace S3TransferManager.InMemoryS3;

/// <summary>
/// Runs the endpoint in a child process (<c>dotnet S3TransferManager.InMemoryS3.dll ...</c>) so that its work and
/// allocations stay out of a benchmark's process. Counters and seeding go through control requests under
/// <c>/_inmemory/</c>. Disposing kills the child.
/// </summary>
public sealed class InMemoryS3Process : IAsyncDisposable
{
    private const string ReadyPrefix = "listening on ";
    private const string CertificatePrefix = "certificate ";
    private static readonly TimeSpan s_startTimeout = TimeSpan.FromSeconds(120);

    private readonly Process _process;
    private readonly HttpClient _control;
    private int _disposed;

    [SuppressMessage("Reliability", "CA2000", Justification = "The control client owns its handler and is disposed with this object.")]
    private InMemoryS3Process(Process process, Uri serviceUrl, X509Certificate2? certificate)
    {
        _process = process;
        ServiceUrl = serviceUrl;
        Certificate = certificate;
        _control = new HttpClient(CreateClientHandler(4), disposeHandler: true) { BaseAddress = new Uri(serviceUrl, "_inmemory/") };
    }

    /// <summary>The endpoint's base address, e.g. <c>http://127.0.0.1:41234/</c> (<c>https://</c> with
    /// <see cref="InMemoryS3Options.UseHttps"/>).</summary>
    public Uri ServiceUrl { get; }

    /// <summary>The child's certificate over HTTPS (public part only: the key never leaves the child), or
    /// <see langword="null"/> over HTTP.</summary>
    public X509Certificate2? Certificate { get; }

    /// <summary>The child's process id.</summary>
    public int ProcessId => _process.Id;

    /// <summary>Starts the child process and waits for its <c>listening on</c> line.</summary>
    /// <param name="options">Settings passed on the command line; <see langword="null"/> for the defaults.</param>
    /// <param name="serverAssemblyPath">
    /// The path of <c>S3TransferManager.InMemoryS3.dll</c>; <see langword="null"/> for the copy in the application's
    /// folder (<see cref="AppContext.BaseDirectory"/>: the one a referencing project's build puts beside its output,
    /// with its runtimeconfig.json). The folder, not <c>Assembly.Location</c>, which is empty in a single-file or
    /// native (ahead-of-time compiled) application.
    /// </param>
    /// <param name="cancellationToken">Cancels the start (the child is killed).</param>
    /// <returns>The running process; dispose it to kill the child.</returns>
    /// <exception cref="FileNotFoundException">The dll has no runtimeconfig.json beside it.</exception>
    /// <exception cref="InvalidOperationException">The child exited or printed something else before it was ready.</exception>
    public static async Task<InMemoryS3Process> StartAsync(
        InMemoryS3Options? options = null,
        string? serverAssemblyPath = null,
        CancellationToken cancellationToken = default)
    {
        options ??= new InMemoryS3Options();
        options.Validate();
        string assemblyPath = serverAssemblyPath
            ?? Path.Combine(AppContext.BaseDirectory, typeof(InMemoryS3Process).Assembly.GetName().Name + ".dll");
        string runtimeConfig = Path.ChangeExtension(assemblyPath, ".runtimeconfig.json");
        if (!File.Exists(runtimeConfig))
        {
            // `dotnet x.dll` needs it; a project that references this one gets a copy, but a copy of a copy may not.
            throw new FileNotFoundException(
                $"'{runtimeConfig}' is missing, so '{assemblyPath}' cannot run standalone. Pass the path of the dll in the InMemoryS3 project's own output.",
                runtimeConfig);
        }

        var startInfo = new ProcessStartInfo(DotnetHost.Find())
        {
            UseShellExecute = false,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
        };
        startInfo.ArgumentList.Add(assemblyPath);
        foreach (string argument in CommandLine.Format(options))
        {
            startInfo.ArgumentList.Add(argument);
        }

        Process process = Process.Start(startInfo) ?? throw new InvalidOperationException("Could not start the in-memory S3 process.");
        try
        {
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(s_startTimeout);
            string? line = await process.StandardOutput.ReadLineAsync(timeout.Token);
            if (line is null || !line.StartsWith(ReadyPrefix, StringComparison.Ordinal))
            {
                throw new InvalidOperationException($"The in-memory S3 process did not start: it printed '{line}'.");
            }

            X509Certificate2? certificate = null;
            if (options.UseHttps)
            {
                string? certificateLine = await process.StandardOutput.ReadLineAsync(timeout.Token);
                if (certificateLine is null || !certificateLine.StartsWith(CertificatePrefix, StringComparison.Ordinal))
                {
                    throw new InvalidOperationException($"The in-memory S3 process printed '{certificateLine}' instead of its certificate.");
                }

                certificate = X509CertificateLoader.LoadCertificate(Convert.FromBase64String(certificateLine[CertificatePrefix.Length..].Trim()));
            }

            return new InMemoryS3Process(process, new Uri(line[ReadyPrefix.Length..].Trim() + "/"), certificate);
        }
        catch
        {
            Kill(process);
            process.Dispose();
            throw;
        }
    }

    /// <summary>A handler for clients of this endpoint: over HTTPS it trusts exactly <see cref="Certificate"/> (by its
    /// bytes, for 127.0.0.1) besides what the system trusts; over HTTP it is a plain handler.</summary>
    /// <param name="maxConnectionsPerServer">The connection limit.</param>
    /// <returns>A new handler; the caller owns it.</returns>
    public SocketsHttpHandler CreateClientHandler(int maxConnectionsPerServer = 64) => LoopbackCertificate.CreateHandler(Certificate, maxConnectionsPerServer);

    /// <summary>A snapshot of the child's request counters.</summary>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <returns>The snapshot.</returns>
    public async Task<InMemoryS3RequestCounts> GetCountersAsync(CancellationToken cancellationToken = default) =>
        InMemoryS3RequestCounts.Parse(await _control.GetStringAsync(new Uri("counters", UriKind.Relative), cancellationToken));

    /// <summary>Zeroes the child's request counters.</summary>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <returns>A task that completes when the counters are reset.</returns>
    public async Task ResetCountersAsync(CancellationToken cancellationToken = default)
    {
        using HttpResponseMessage response = await _control.PostAsync(new Uri("reset-counters", UriKind.Relative), null, cancellationToken);
        response.EnsureSuccessStatusCode();
    }

    /// <summary>
    /// Stores an object of <see cref="InMemoryS3Content"/> bytes in the child, creating the bucket if needed, as a
    /// single PUT or (with <paramref name="partSize"/> above zero) as if uploaded in parts of that size.
    /// </summary>
    /// <param name="bucket">The bucket name.</param>
    /// <param name="key">The key.</param>
    /// <param name="length">The object length; may exceed 2 GiB.</param>
    /// <param name="partSize">The part size; 0 for a single-part object.</param>
    /// <param name="seed">The content seed (see <see cref="InMemoryS3Content.Fill"/>).</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    /// <returns>The quoted ETag.</returns>
    public async Task<string> SeedObjectAsync(
        string bucket,
        string key,
        long length,
        long partSize = 0,
        int seed = 0,
        CancellationToken cancellationToken = default)
    {
        string query = string.Create(
            CultureInfo.InvariantCulture,
            $"seed?bucket={Uri.EscapeDataString(bucket)}&key={Uri.EscapeDataString(key)}&length={length}&partSize={partSize}&seed={seed}");
        using HttpResponseMessage response = await _control.PostAsync(new Uri(query, UriKind.Relative), null, cancellationToken);
        response.EnsureSuccessStatusCode();
        return response.Headers.ETag?.Tag ?? throw new InvalidOperationException("The seed response had no ETag.");
    }

    /// <summary>Kills the child process and waits for it to exit.</summary>
    /// <returns>A task that completes when the child has exited.</returns>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        _control.Dispose();
        Kill(_process);
        await _process.WaitForExitAsync();
        _process.Dispose();
        Certificate?.Dispose();
    }

    private static void Kill(Process process)
    {
        try
        {
            process.Kill(entireProcessTree: true);
        }
        catch (InvalidOperationException)
        {
            // Already exited.
        }
    }
}
