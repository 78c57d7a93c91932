using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// A moto S3 server on 127.0.0.1, started once per test run and killed after it. Readiness comes from moto's own
/// "Running on" line plus one answered request, never from sleeping.
/// </summary>
public sealed class MotoServer : IAsyncLifetime
{
    private const string InstallHint =
        "The integration tests need python3 with moto[server] 5.x (`python3 -m pip install 'moto[server]==5.2.1'`).";

    private Process? _process;

    public Uri ServiceUrl { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        await EnsureMotoInstalledAsync();
        int port = FreePort();
        var start = new ProcessStartInfo("python3", $"-m moto.server -H 127.0.0.1 -p {port}")
        {
            RedirectStandardError = true,
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        start.Environment["MOTO_PORT"] = port.ToString(System.Globalization.CultureInfo.InvariantCulture);
        var ready = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var output = new System.Text.StringBuilder();
        _process = new Process { StartInfo = start, EnableRaisingEvents = true };
        _process.Exited += (_, _) => ready.TrySetException(new InvalidOperationException($"moto exited early. {InstallHint}\n{output}"));
        if (!_process.Start())
        {
            throw new InvalidOperationException($"Could not start python3. {InstallHint}");
        }

        // moto logs every request; its pipes must be drained or it stalls. Dedicated threads do it, because the
        // runtime's async pipe reads would hold thread-pool threads, and some tests cap the pool at 2 workers.
        StartDrainThread(_process.StandardError, output, ready);
        StartDrainThread(_process.StandardOutput, output, ready);
        await ready.Task.WaitAsync(TimeSpan.FromSeconds(60));
        ServiceUrl = new Uri($"http://127.0.0.1:{port}");

        using var http = new HttpClient();
        using HttpResponseMessage probe = await http.GetAsync(new Uri(ServiceUrl, "/moto-api/"));
        if (probe.StatusCode != HttpStatusCode.OK)
        {
            throw new InvalidOperationException($"moto answered {probe.StatusCode} on /moto-api/.");
        }
    }

    public Task DisposeAsync()
    {
        if (_process is { HasExited: false })
        {
            _process.Kill(entireProcessTree: true);
            _process.WaitForExit(10_000);
        }

        _process?.Dispose();
        return Task.CompletedTask;
    }

    private static void StartDrainThread(StreamReader reader, System.Text.StringBuilder output, TaskCompletionSource ready)
    {
        var thread = new Thread(() =>
        {
            while (reader.ReadLine() is { } line)
            {
                if (!ready.Task.IsCompleted)
                {
                    lock (output)
                    {
                        output.AppendLine(line);
                    }
                }

                if (line.Contains("Running on", StringComparison.Ordinal))
                {
                    ready.TrySetResult();
                }
            }
        })
        {
            IsBackground = true,
            Name = "moto output",
        };
        thread.Start();
    }

    private static async Task EnsureMotoInstalledAsync()
    {
        var check = new ProcessStartInfo("python3", "-c \"import moto.server, boto3\"")
        {
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        Process? process;
        try
        {
            process = Process.Start(check);
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            throw new InvalidOperationException($"python3 is not on PATH. {InstallHint}", e);
        }

        using (process)
        {
            string error = await process!.StandardError.ReadToEndAsync();
            await process.WaitForExitAsync();
            if (process.ExitCode != 0)
            {
                throw new InvalidOperationException($"moto is not importable by python3. {InstallHint}\n{error}");
            }
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
