using System.Diagnostics;

namespace S3TransferManager.Cli.Tests;

/// <summary>The AWS CLI (1.x, `aws`) against a local endpoint with dummy keys: what s3tm's commands are compared with.</summary>
internal static class AwsCli
{
    /// <summary>Runs <c>aws --endpoint-url ENDPOINT ARGS</c>; returns its exit code and output, whatever the code.</summary>
    public static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(string endpoint, params string[] args)
    {
        var start = new ProcessStartInfo("aws") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add("--endpoint-url");
        start.ArgumentList.Add(endpoint);
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        start.Environment["AWS_ACCESS_KEY_ID"] = "test";
        start.Environment["AWS_SECRET_ACCESS_KEY"] = "test";
        start.Environment["AWS_DEFAULT_REGION"] = "us-east-1";
        using Process process = Process.Start(start) ?? throw new InvalidOperationException("Could not start the AWS CLI (aws): install it with pip install awscli.");
        Task<string> stdout = process.StandardOutput.ReadToEndAsync();
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(60));
        return (process.ExitCode, await stdout, await stderr);
    }

    /// <summary>As <see cref="RunAsync"/>, failing the test unless the AWS CLI exits 0; returns its stdout.</summary>
    public static async Task<string> SucceedAsync(string endpoint, params string[] args)
    {
        (int code, string stdout, string stderr) = await RunAsync(endpoint, args);
        Assert.True(code == 0, $"aws {string.Join(' ', args)} exited {code}: {stderr}");
        return stdout;
    }
}
