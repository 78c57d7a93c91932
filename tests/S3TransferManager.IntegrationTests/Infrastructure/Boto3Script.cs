using System.Diagnostics;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>Runs a boto3 script (python3) against moto with the endpoint, bucket and a key or prefix as arguments, and
/// returns what it printed; the readers that show an object is readable by another client share it, and the writers
/// that put objects the way another client does. <paramref name="extra"/> arguments follow the key.</summary>
internal static class Boto3Script
{
    public static async Task<string> RunAsync(string script, MotoServer server, string bucket, string keyOrPrefix, params string[] extra)
    {
        var start = new ProcessStartInfo("python3")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            StandardOutputEncoding = System.Text.Encoding.UTF8,
        };
        start.ArgumentList.Add("-c");
        start.ArgumentList.Add(script);
        start.ArgumentList.Add(server.ServiceUrl.ToString().TrimEnd('/'));
        start.ArgumentList.Add(bucket);
        start.ArgumentList.Add(keyOrPrefix);
        foreach (string argument in extra)
        {
            start.ArgumentList.Add(argument);
        }

        using Process process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(2));
        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"boto3 failed on s3://{bucket}/{keyOrPrefix}: {await error}");
        }

        return await output;
    }
}
