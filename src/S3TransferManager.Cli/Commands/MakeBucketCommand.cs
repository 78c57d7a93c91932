using System.CommandLine;
using System.Text.Json.Nodes;
using Amazon.S3.Model;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>mb s3://bucket</c>: creates a bucket (handy with <c>serve</c>, which starts empty).</summary>
internal static class MakeBucketCommand
{
    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var target = new Argument<string>("BUCKET") { Description = "s3://bucket" };
        var command = new Command("mb", "Create a bucket") { target };
        AddressAction.Set(command, options, target, async (_, settings, location, token) =>
        {
            using S3Session session = S3Session.Open(settings);
            await session.Calls.S3.PutBucketAsync(new PutBucketRequest { BucketName = location.Bucket }, session.Calls.Slot, token);
            ResultWriter.Write(console, settings, stdoutCarriesData: false, $"make_bucket: {location.Bucket}",
                new JsonObject { ["command"] = "mb", ["bucket"] = location.Bucket });
            return ExitCodes.Success;
        });
        return command;
    }
}
