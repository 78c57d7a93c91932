using System.CommandLine;
using Amazon.Runtime;
using S3TransferManager.Cli.Commands;

namespace S3TransferManager.Cli;

/// <summary>Parses the arguments, runs the command, and maps the outcome to an exit code (see <see cref="ExitCodes"/>).</summary>
internal static class CliApp
{
    public static RootCommand Build(CliConsole console)
    {
        var options = new GlobalOptions();
        var root = new RootCommand("s3tm: copy, stream, list and remove S3 objects with S3TransferManager");
        foreach (Option option in options.All)
        {
            root.Options.Add(option);
        }

        root.Subcommands.Add(CopyCommand.Create(options, console));
        root.Subcommands.Add(CatCommand.Create(options, console));
        root.Subcommands.Add(ListCommand.Create(options, console));
        root.Subcommands.Add(RemoveCommand.Create(options, console));
        root.Subcommands.Add(MakeBucketCommand.Create(options, console));
        root.Subcommands.Add(AbortUploadsCommand.Create(options, console));
        root.Subcommands.Add(ServeCommand.Create(console));
        root.Subcommands.Add(DemoCommand.Create(options, console));
        return root;
    }

    /// <param name="args">The arguments.</param>
    /// <param name="console">The standard streams.</param>
    /// <param name="handleCtrlC">Whether to turn Ctrl+C/SIGTERM into cancellation (the real process; not tests).</param>
    /// <param name="cancellationToken">Cancels the command (tests).</param>
    public static async Task<int> RunAsync(string[] args, CliConsole console, bool handleCtrlC, CancellationToken cancellationToken = default)
    {
        ParseResult parsed = Build(console).Parse(args);
        if (parsed.Errors.Count > 0)
        {
            foreach (System.CommandLine.Parsing.ParseError error in parsed.Errors)
            {
                await console.Error.WriteLineAsync($"s3tm: {error.Message}");
            }

            await console.Error.WriteLineAsync("Run 's3tm --help' for usage.");
            return ExitCodes.Usage;
        }

        var invocation = new InvocationConfiguration
        {
            Output = console.Text,
            Error = console.Error,
            EnableDefaultExceptionHandler = false,
            // Time for the library to delete its temp file and abort the multipart upload after Ctrl+C.
            ProcessTerminationTimeout = handleCtrlC ? TimeSpan.FromSeconds(30) : null,
        };
        try
        {
            return await parsed.InvokeAsync(invocation, cancellationToken);
        }
        catch (UsageException e)
        {
            await console.Error.WriteLineAsync($"s3tm: {e.Message}");
            return ExitCodes.Usage;
        }
        catch (OperationCanceledException)
        {
            await console.Error.WriteLineAsync("s3tm: cancelled");
            return ExitCodes.Cancelled;
        }
        catch (Exception e)
        {
            // Any failure of the transfer itself (S3 errors, I/O, the library's own exceptions) is exit code 1 with
            // one line, not a stack trace: scripts read the code, people read the line.
            await console.Error.WriteLineAsync($"s3tm: error: {Describe(e)}");
            return ExitCodes.Failed;
        }
    }

    private static string Describe(Exception e) => e switch
    {
        AmazonServiceException s when s.StatusCode == System.Net.HttpStatusCode.NotFound => $"not found ({s.ErrorCode ?? "404"}): {s.Message}",
        AmazonServiceException s => $"{s.ErrorCode ?? s.StatusCode.ToString()}: {s.Message}",
        _ => e.Message,
    };
}
