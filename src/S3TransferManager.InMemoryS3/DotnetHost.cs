namespace S3TransferManager.InMemoryS3;

/// <summary>Finds the <c>dotnet</c> executable that can run the standalone server's dll.</summary>
internal static class DotnetHost
{
    public static string Find()
    {
        // Under `dotnet test` or `dotnet run` this process was itself started by the host.
        string? processPath = Environment.ProcessPath;
        if (processPath is not null && Path.GetFileNameWithoutExtension(processPath).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            return processPath;
        }

        // Apphost-launched processes (BenchmarkDotNet's children) get here; the SDK sets DOTNET_HOST_PATH for tools.
        string? hostPath = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
        if (!string.IsNullOrEmpty(hostPath) && File.Exists(hostPath))
        {
            return hostPath;
        }

        string? root = Environment.GetEnvironmentVariable("DOTNET_ROOT");
        string executable = OperatingSystem.IsWindows() ? "dotnet.exe" : "dotnet";
        if (!string.IsNullOrEmpty(root) && File.Exists(Path.Combine(root, executable)))
        {
            return Path.Combine(root, executable);
        }

        return executable;
    }
}
