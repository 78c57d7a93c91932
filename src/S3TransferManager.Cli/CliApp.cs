using System.CommandLine;
using S3TransferManager.Cli.Commands;

namespace S3TransferManager.Cli;

/// <summary>Parses the arguments, runs the command, and maps the outcome to an exit code (see <see cref="ExitCodes"/>).</summary>
internal static class CliApp
{
    public static RootCommand Build(CliConsole console, GlobalOptions options)
    {
        var root = new RootCommand("s3tm: copy, stream, list and remove S3 objects with S3TransferManager");
        foreach (Option option in options.All)
        {
            root.Options.Add(option);
        }

        root.Subcommands.Add(CopyCommand.Create(options, console));
        root.Subcommands.Add(CatCommand.Create(options, console));
        root.Subcommands.Add(ListCommand.Create(options, console));
        root.Subcommands.Add(MoveCommand.Create(options, console));
        root.Subcommands.Add(RemoveCommand.Create(options, console));
        root.Subcommands.Add(SyncCommand.Create(options, console));
        root.Subcommands.Add(MakeBucketCommand.Create(options, console));
        root.Subcommands.Add(RemoveBucketCommand.Create(options, console));
        root.Subcommands.Add(PresignCommand.Create(options, console));
        root.Subcommands.Add(AbortUploadsCommand.Create(options, console));
        root.Subcommands.Add(ResumeCommand.Create(options, console));
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
        var options = new GlobalOptions();
        ParseResult parsed = Build(console, options).Parse(args);
        if (parsed.Errors.Count > 0)
        {
            // One line, whatever went wrong: the first problem is the one to fix, and the hint says where to look.
            await console.Error.WriteLineAsync(ParseErrorLine(parsed));
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
        catch (Exception e)
        {
            // Scripts read the code, people read the line; --debug adds everything behind it.
            Exception failure = e is KeptForResumeException { InnerException: { } inner } ? inner : e;
            (int code, string line) = ErrorReport.Describe(failure);
            await console.Error.WriteLineAsync(line);
            if (e is KeptForResumeException kept)
            {
                await console.Error.WriteLineAsync(kept.Hint);
            }
            else if (code == ExitCodes.Cancelled && KeptForResume(parsed, options))
            {
                await console.Error.WriteLineAsync("s3tm: the same command resumes where this one stopped ('s3tm resume --list' shows what is kept, 's3tm resume --discard ID' gives it up)");
            }

            if (parsed.GetValue(options.Debug))
            {
                await console.Error.WriteLineAsync(e.ToString());
            }

            return code;
        }
    }

    /// <summary>A cancelled copy of a file or folder (not stdin or stdout) with resume on keeps its journal, its
    /// temporary file and its multipart upload for the next run of the same command.</summary>
    private static bool KeptForResume(ParseResult parsed, GlobalOptions options) =>
        parsed.CommandResult.Command.Name is "cp" or "mv" && !parsed.GetValue(options.NoResume)
        && !parsed.CommandResult.Tokens.Any(t => t.Value == CopyArguments.Stdio);

    /// <summary>
    /// The first problem, with a hint to the right help. A word the parser did not recognise comes first: for
    /// <c>s3tm frobnicate</c>, "Unrecognized command or argument 'frobnicate'" says more than "Required command was not
    /// provided", which the parser lists before it.
    /// </summary>
    private static string ParseErrorLine(ParseResult parsed)
    {
        System.CommandLine.Parsing.ParseError first = parsed.Errors
            .OrderBy(e => parsed.UnmatchedTokens.Any(token => e.Message.Contains($"'{token}'", StringComparison.Ordinal)) ? 0 : 1)
            .First();
        string message = ErrorReport.OneLine(first.Message);
        if (!message.EndsWith('.'))
        {
            message += ".";
        }

        return $"s3tm: {message} Run 's3tm {HelpPath(parsed)}--help' for usage.";
    }

    /// <summary>"cp " for an error in cp's arguments, so the hint points at that command's help.</summary>
    private static string HelpPath(ParseResult parsed) =>
        parsed.CommandResult.Command is RootCommand ? string.Empty : parsed.CommandResult.Command.Name + " ";
}
