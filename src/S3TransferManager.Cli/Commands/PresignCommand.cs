using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using System.Text.Json.Nodes;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Cli.Output;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>presign s3://bucket/key [--expires-in SECONDS]</c>: a URL that GETs the object without credentials until
/// it expires, signed locally (no request is sent), as the AWS CLI's presign.</summary>
internal static class PresignCommand
{
    /// <summary>SigV4's longest validity, 7 days, and the AWS CLI's default, an hour.</summary>
    private const int MaxSeconds = 604_800;
    private const int DefaultSeconds = 3600;

    public static Command Create(GlobalOptions options, CliConsole console)
    {
        var target = new Argument<string>("OBJECT") { Description = "s3://bucket/key" };
        var expiresIn = new Option<int>("--expires-in")
        {
            Description = "Seconds until the URL expires, 1 to 604800 (7 days; default 3600)",
            HelpName = "SECONDS",
            DefaultValueFactory = _ => DefaultSeconds,
            CustomParser = ParseSeconds,
        };
        var command = new Command("presign", "Print a URL that downloads an object without credentials until it expires") { target, expiresIn };
        AddressAction.Set(command, options, target, async (result, settings, location, _) =>
        {
            location = location.RequireKey();
            int seconds = result.GetValue(expiresIn);
            using AmazonS3Client s3 = S3ClientFactory.Create(settings);
            string url = await SignAsync(s3, settings, location, seconds);
            if (settings.Json)
            {
                console.Text.WriteLine(ResultWriter.Serialize(new JsonObject { ["command"] = "presign", ["url"] = url, ["expiresIn"] = seconds }));
            }
            else
            {
                // The URL is the output, as with the AWS CLI: printed even with --quiet, since nothing else is.
                console.Text.WriteLine(url);
            }

            console.Text.Flush();
            return ExitCodes.Success;
        });
        return command;
    }

    /// <summary>
    /// The SDK takes an expiry time and writes whole seconds from its own clock at signing (X-Amz-Expires), which comes
    /// out a second off now and then (the clock moved on, or it counts from the whole second): the URL is signed again,
    /// the time moved by the difference, until it says what was asked, as the AWS CLI's does.
    /// </summary>
    private static async Task<string> SignAsync(AmazonS3Client s3, CliSettings settings, S3Location location, int seconds)
    {
        DateTime expires = DateTime.UtcNow.AddSeconds(seconds);
        string url = string.Empty;
        for (int attempt = 0; attempt < 4; attempt++)
        {
            url = await s3.GetPreSignedURLAsync(Request(settings, location, expires));
            int signed = SignedSeconds(url);
            if (signed == seconds || signed < 0)
            {
                break;
            }

            expires = expires.AddSeconds(seconds - signed);
        }

        return url;
    }

    /// <summary>X-Amz-Expires of a signed URL, or -1 when it has none.</summary>
    private static int SignedSeconds(string url)
    {
        const string Name = "X-Amz-Expires=";
        int start = url.IndexOf(Name, StringComparison.Ordinal);
        if (start < 0)
        {
            return -1;
        }

        start += Name.Length;
        int end = url.IndexOf('&', start);
        return int.TryParse(url.AsSpan(start, (end < 0 ? url.Length : end) - start), NumberStyles.None, CultureInfo.InvariantCulture, out int value) ? value : -1;
    }

    private static GetPreSignedUrlRequest Request(CliSettings settings, S3Location location, DateTime expires) => new()
    {
        BucketName = location.Bucket,
        Key = location.Key,
        Verb = HttpVerb.GET,
        Expires = expires,
        // The SDK writes https:// unless told; an http:// endpoint (a local server) is reached over http.
        Protocol = settings.Endpoint?.StartsWith("http://", StringComparison.OrdinalIgnoreCase) == true ? Protocol.HTTP : Protocol.HTTPS,
    };

    private static int ParseSeconds(ArgumentResult result)
    {
        string text = result.Tokens.Count > 0 ? result.Tokens[0].Value : string.Empty;
        if (int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int seconds) && seconds is >= 1 and <= MaxSeconds)
        {
            return seconds;
        }

        result.AddError($"--expires-in must be a whole number of seconds from 1 to 604800 (7 days), not '{text}'.");
        return DefaultSeconds;
    }
}
