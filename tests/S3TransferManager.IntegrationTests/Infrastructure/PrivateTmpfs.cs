using System.Diagnostics;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// A small tmpfs that needs no root: a helper shell mounts it inside its own user and mount namespace
/// (<c>unshare -rm</c>, unprivileged user namespaces) and lives as long as this object; this process reaches the mount
/// through <c>/proc/PID/root</c>. Writes past its size fail with ENOSPC, and <see cref="MakeReadOnlyAsync"/> remounts
/// it read-only (EROFS, which even root cannot write through), so a full disk and a read-only folder are real.
/// </summary>
public sealed class PrivateTmpfs : IAsyncDisposable
{
    // Mounts on $1, says "ready", then remounts read-only on each line it reads ("ro" by convention), saying "ok".
    private const string Script = "mount -t tmpfs -o size=$2 tmpfs \"$1\" && echo ready && while read cmd; do mount -o remount,ro \"$1\" && echo ok; done";
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(20);

    private readonly Process _helper;

    private PrivateTmpfs(Process helper, string mountPoint)
    {
        _helper = helper;
        Path = $"/proc/{helper.Id}/root{mountPoint}";
    }

    /// <summary>The mount as this process sees it.</summary>
    public string Path { get; }

    /// <summary>Mounts a tmpfs of <paramref name="sizeBytes"/> on <paramref name="mountPoint"/> (an empty folder, which
    /// stays empty for everyone outside the helper's namespace).</summary>
    public static async Task<PrivateTmpfs> MountAsync(string mountPoint, long sizeBytes)
    {
        var start = new ProcessStartInfo("unshare")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in new[] { "-rm", "sh", "-c", Script, "sh", mountPoint, sizeBytes.ToString(System.Globalization.CultureInfo.InvariantCulture) })
        {
            start.ArgumentList.Add(argument);
        }

        Process helper = Process.Start(start) ?? throw new InvalidOperationException("Could not start unshare.");
        var tmpfs = new PrivateTmpfs(helper, mountPoint);
        string? line = await helper.StandardOutput.ReadLineAsync().WaitAsync(Bound);
        if (line != "ready")
        {
            string error = await helper.StandardError.ReadToEndAsync().WaitAsync(Bound);
            await tmpfs.DisposeAsync();
            throw new InvalidOperationException(
                $"Could not mount a private tmpfs with `unshare -rm` (this test needs unprivileged user namespaces): {error}");
        }

        return tmpfs;
    }

    /// <summary>Remounts the tmpfs read-only; what is in it stays readable.</summary>
    public async Task MakeReadOnlyAsync()
    {
        await _helper.StandardInput.WriteLineAsync("ro");
        await _helper.StandardInput.FlushAsync();
        string? line = await _helper.StandardOutput.ReadLineAsync().WaitAsync(Bound);
        if (line != "ok")
        {
            throw new InvalidOperationException($"Could not remount the private tmpfs read-only (got '{line}').");
        }
    }

    /// <summary>Ends the helper, and with it the namespace and the mount.</summary>
    public async ValueTask DisposeAsync()
    {
        if (!_helper.HasExited)
        {
            // End of input ends the helper's loop; a helper that does not stop is killed, by its own id.
            _helper.StandardInput.Close();
            try
            {
                await _helper.WaitForExitAsync().WaitAsync(Bound);
            }
            catch (TimeoutException)
            {
                _helper.Kill();
            }
        }

        _helper.Dispose();
    }
}
