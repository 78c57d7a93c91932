using System.Diagnostics;
using System.Reflection;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>Starts this benchmark program again as a fresh child process with a mode and its arguments: the published
/// program directly, or the host running this assembly under <c>dotnet</c>.</summary>
internal static class ChildProcess
{
    public static ProcessStartInfo StartInfo(IEnumerable<string> arguments, bool redirectInput = false)
    {
        var start = new ProcessStartInfo(Environment.ProcessPath!)
        {
            RedirectStandardOutput = true, RedirectStandardInput = redirectInput, UseShellExecute = false,
        };
        if (Path.GetFileNameWithoutExtension(Environment.ProcessPath!) == "dotnet")
        {
            start.ArgumentList.Add(Assembly.GetEntryAssembly()!.Location);
        }

        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        return start;
    }
}
