using System.CommandLine;
using Amazon.S3;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>cat s3://bucket/key</c>: the object's bytes on stdout, through OpenStream's parallel read-ahead.</summary>
internal static class CatCommand
{
    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var source = new Argument<string>("OBJECT") { Description = "s3://bucket/key" };
        var command = new Command("cat", "Write an object to stdout") { source };
        AddressAction.Set(command, options, source, async (_, settings, location, token) =>
        {
            location = location.RequireKey();
            using AmazonS3Client s3 = S3ClientFactory.Create(settings);
            using var utility = new TransferUtility(s3, settings.TransferConfig());
            // cat is for pipes: no progress unless asked for on a terminal, and no summary on stdout.
            await StreamToOutput.CopyAsync(settings with { Quiet = true }, console, utility, location, $"cat {location}", token);
            return ExitCodes.Success;
        });
        return command;
    }
}
