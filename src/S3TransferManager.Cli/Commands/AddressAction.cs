using System.CommandLine;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// The action of a command on one s3:// address (cat, mb, rb, rm, presign, abort-uploads): it starts from the global
/// options and the parsed address, so that a malformed address is a usage error before any client is made.
/// </summary>
internal static class AddressAction
{
    public static void Set(Command command, GlobalOptions options, Argument<string> address,
        Func<ParseResult, CliSettings, S3Location, CancellationToken, Task<int>> run) =>
        command.SetAction((result, token) => run(result, options.Read(result), S3Location.Parse(result.GetRequiredValue(address)), token));
}
