using System.Diagnostics;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// Which of moto's optional modules the python3 that runs it has. Without <c>crc32c</c> (the <c>moto[s3crc32c]</c>
/// extra) moto computes a CRC32 wherever it should compute a CRC32C, so tests about objects moto checksums itself
/// expect one or the other.
/// </summary>
public static class MotoExtras
{
    private static readonly Lazy<bool> s_crc32C = new(() => Imports("crc32c"));

    /// <summary>Whether moto computes CRC32C values as CRC32C (its crc32c module is installed).</summary>
    public static bool HasCrc32C => s_crc32C.Value;

    private static bool Imports(string module)
    {
        var start = new ProcessStartInfo("python3") { RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add("-c");
        start.ArgumentList.Add($"import {module}");
        using Process process = Process.Start(start)!;
        process.StandardError.ReadToEnd();
        if (!process.WaitForExit(60_000))
        {
            process.Kill();
            throw new TimeoutException($"python3 did not say within a minute whether it can import {module}.");
        }

        return process.ExitCode == 0;
    }
}
