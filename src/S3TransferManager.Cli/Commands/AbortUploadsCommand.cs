using System.CommandLine;
using System.Text.Json.Nodes;
using Amazon.S3.Model;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary>
/// <c>abort-uploads s3://bucket[/prefix] --older-than 7d</c>: aborts multipart uploads left behind by crashed
/// clients, whose parts S3 bills until they are aborted.
/// </summary>
internal static class AbortUploadsCommand
{
    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var target = new Argument<string>("BUCKET") { Description = "s3://bucket[/prefix]" };
        var olderThan = new Option<Age>("--older-than")
        {
            Description = "Only uploads started longer ago than this (e.g. 7d, 12h, 30m, 90s)",
            HelpName = "AGE",
            DefaultValueFactory = _ => new Age(TimeSpan.FromDays(7)),
            CustomParser = r =>
            {
                string text = r.Tokens.Count > 0 ? r.Tokens[0].Value : string.Empty;
                if (Units.TryParseAge(text, out TimeSpan age))
                {
                    return new Age(age);
                }

                r.AddError($"--older-than must be an age such as 7d, 12h, 30m or 90s, not '{text}'.");
                return default;
            },
        };
        var command = new Command("abort-uploads", "Abort incomplete multipart uploads older than an age") { target, olderThan };
        AddressAction.Set(command, options, target, async (result, settings, location, token) =>
        {
            DateTime cutoff = DateTime.UtcNow - result.GetValue(olderThan).Value;
            using S3Session session = S3Session.Open(settings);
            UtilityCalls calls = session.Calls;
            var aborted = new JsonArray();
            var request = new ListMultipartUploadsRequest { BucketName = location.Bucket, Prefix = location.Key };
            ListMultipartUploadsResponse page;
            do
            {
                page = await calls.S3.ListMultipartUploadsAsync(request, calls.Slot, token);
                foreach (MultipartUpload upload in page.MultipartUploads ?? [])
                {
                    if (upload.Initiated is { } started && started.ToUniversalTime() < cutoff)
                    {
                        await calls.S3.AbortMultipartUploadAsync(
                            new AbortMultipartUploadRequest { BucketName = location.Bucket, Key = upload.Key, UploadId = upload.UploadId }, calls.Slot, token);
                        aborted.Add((JsonNode)new JsonObject { ["key"] = upload.Key, ["uploadId"] = upload.UploadId, ["initiated"] = started });
                        if (!settings.Quiet && !settings.Json)
                        {
                            console.Text.WriteLine($"abort: s3://{location.Bucket}/{upload.Key} (upload {upload.UploadId}, started {started:u})");
                        }
                    }
                }

                request.KeyMarker = page.NextKeyMarker;
                request.UploadIdMarker = page.NextUploadIdMarker;
            }
            while (page.IsTruncated == true);
            ResultWriter.Write(console, settings, stdoutCarriesData: false, $"aborted {aborted.Count} upload(s)",
                new JsonObject { ["command"] = "abort-uploads", ["aborted"] = aborted });
            return ExitCodes.Success;
        });
        return command;
    }
}
