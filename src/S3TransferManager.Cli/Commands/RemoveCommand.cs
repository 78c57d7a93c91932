using System.CommandLine;
using System.Text.Json.Nodes;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>rm s3://bucket/key</c>: one DeleteObject (S3 reports success for a key that does not exist).</summary>
internal static class RemoveCommand
{
    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var target = new Argument<string>("OBJECT") { Description = "s3://bucket/key" };
        var command = new Command("rm", "Delete an object") { target };
        command.SetAction(async (result, token) =>
        {
            CliSettings settings = options.Read(result);
            S3Location location = S3Location.Parse(result.GetRequiredValue(target)).RequireKey();
            using AmazonS3Client s3 = S3ClientFactory.Create(settings);
            await s3.DeleteObjectAsync(new DeleteObjectRequest { BucketName = location.Bucket, Key = location.Key }, token);
            ResultWriter.Write(console, settings, stdoutCarriesData: false, $"delete: {location}",
                new JsonObject { ["command"] = "rm", ["object"] = location.ToString() });
            return ExitCodes.Success;
        });
        return command;
    }
}
