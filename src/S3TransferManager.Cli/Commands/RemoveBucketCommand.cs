using System.CommandLine;
using System.Text.Json.Nodes;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>rb s3://bucket [--force]</c>: deletes an empty bucket; with --force, deletes its objects first, as the
/// AWS CLI's rb (one <c>delete:</c> line each, then <c>remove_bucket: NAME</c>).</summary>
internal static class RemoveBucketCommand
{
    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var target = new Argument<string>("BUCKET") { Description = "s3://bucket" };
        var force = new Option<bool>("--force") { Description = "Delete every object in the bucket first (not earlier versions, as with the AWS CLI)" };
        var command = new Command("rb", "Delete a bucket (with --force, and its objects)") { target, force };
        AddressAction.Set(command, options, target, async (result, settings, location, token) =>
        {
            if (location.Key.Length > 0)
            {
                throw new UsageException($"rb deletes a whole bucket: give s3://{location.Bucket}, not a key or prefix.");
            }

            using S3Session session = S3Session.Open(settings);
            UtilityCalls calls = session.Calls;
            if (result.GetValue(force))
            {
                int emptied = await RemoveCommand.RemovePrefixAsync(settings with { Json = false }, console, calls, location, PathFilter.None, dryRun: false, token);
                if (emptied != ExitCodes.Success)
                {
                    return emptied;
                }
            }

            try
            {
                await calls.S3.DeleteBucketAsync(new DeleteBucketRequest { BucketName = location.Bucket }, calls.Slot, token);
            }
            catch (AmazonS3Exception e) when (e.ErrorCode == "BucketNotEmpty")
            {
                throw new AmazonS3Exception($"{e.Message.TrimEnd('.')}: add --force to delete its objects first.", e, e.ErrorType, e.ErrorCode, e.RequestId, e.StatusCode);
            }

            ResultWriter.Write(console, settings, stdoutCarriesData: false, $"remove_bucket: {location.Bucket}",
                new JsonObject { ["command"] = "rb", ["bucket"] = location.Bucket });
            return ExitCodes.Success;
        });
        return command;
    }
}
