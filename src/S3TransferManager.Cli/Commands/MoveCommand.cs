using System.CommandLine;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>mv SRC DST</c>: cp, then the source deleted once its copy succeeded (each object's own, with -r), as
/// the AWS CLI's mv.</summary>
internal static class MoveCommand
{
    public static Command Create(GlobalOptions options, CliConsole console) => CopyCommand.Build(options, console, move: true);
}
