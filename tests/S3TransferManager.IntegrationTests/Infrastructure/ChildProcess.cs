using System.Diagnostics;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>Runs another client (python3 with boto3, the AWS CLI) as a child process with the test server's keys and
/// region only, and returns what it printed; a non-zero exit is an error.</summary>
internal static class ChildProcess
{
    public static async Task<string> RunAsync(string program, string[] arguments, string? stdin, TimeSpan bound)
    {
        var start = new ProcessStartInfo(program)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // Keys and region of the test server only: no user profile or config file may change what the CLI sends.
        start.Environment["AWS_ACCESS_KEY_ID"] = "test";
        start.Environment["AWS_SECRET_ACCESS_KEY"] = "test";
        start.Environment["AWS_DEFAULT_REGION"] = "us-east-1";
        start.Environment["AWS_CONFIG_FILE"] = "/dev/null";
        start.Environment["AWS_SHARED_CREDENTIALS_FILE"] = "/dev/null";
        start.Environment["AWS_EC2_METADATA_DISABLED"] = "true";
        using Process process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> error = process.StandardError.ReadToEndAsync();
        if (stdin is not null)
        {
            await process.StandardInput.WriteAsync(stdin);
        }

        process.StandardInput.Close();
        try
        {
            await process.WaitForExitAsync().WaitAsync(bound);
        }
        catch (TimeoutException)
        {
            process.Kill(entireProcessTree: true);
            throw;
        }

        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"{program} exited with {process.ExitCode}: {await error}");
        }

        return await output;
    }
}
