using System.CommandLine;
using System.CommandLine.Parsing;

namespace S3TransferManager.Cli;

/// <summary>The options every command accepts (declared once on the root, recursive).</summary>
internal sealed class GlobalOptions
{
    public Option<string?> Endpoint { get; } = new("--endpoint") { Description = "S3 endpoint URL (e.g. http://127.0.0.1:9000); default: AWS", Recursive = true };

    public Option<string?> Region { get; } = new("--region") { Description = "AWS region (default: the SDK's configuration, or us-east-1 with --endpoint)", Recursive = true };

    public Option<string?> Profile { get; } = new("--profile") { Description = "Named profile from the AWS credentials/config files (default: the SDK's credential chain)", Recursive = true };

    public Option<bool> PathStyle { get; } = new("--path-style") { Description = "Path-style addressing (http://host/bucket/key); always on for the embedded endpoint", Recursive = true };

    // No default of its own: a value the library is given becomes a hard cap on its requests in flight, so only a value
    // the user chose is passed on; otherwise the library's own default applies.
    public Option<int?> Concurrency { get; } = new("--concurrency")
    {
        Description = "Most part requests in flight at once, a hard cap (default: automatic, the library's own default)",
        HelpName = "N",
        CustomParser = ParseConcurrency,
        Recursive = true,
    };

    public Option<long?> PartSize { get; } = new("--part-size") { Description = "Part size, e.g. 8MiB (default 8 MiB)", CustomParser = ParseSize, Recursive = true };

    public Option<string?> Checksum { get; } = CreateChecksum();

    public Option<bool> Quiet { get; } = new("--quiet", "-q") { Description = "No progress and no summary; errors only", Recursive = true };

    public Option<bool> Json { get; } = new("--json") { Description = "One JSON result at the end (on stdout; on stderr when stdout carries object data)", Recursive = true };

    public IEnumerable<Option> All => [Endpoint, Region, Profile, PathStyle, Concurrency, PartSize, Checksum, Quiet, Json];

    public CliSettings Read(ParseResult result)
    {
        return new CliSettings(
            result.GetValue(Endpoint),
            result.GetValue(Region),
            result.GetValue(Profile),
            result.GetValue(PathStyle),
            result.GetValue(Concurrency),
            result.GetValue(PartSize),
            result.GetValue(Checksum),
            result.GetValue(Quiet),
            result.GetValue(Json));
    }

    private static Option<string?> CreateChecksum()
    {
        var option = new Option<string?>("--checksum") { Description = "Upload checksum algorithm", Recursive = true };
        option.AcceptOnlyFromAmong("CRC32", "CRC32C", "CRC64NVME", "SHA1", "SHA256");
        return option;
    }

    private static int? ParseConcurrency(ArgumentResult result)
    {
        string text = result.Tokens.Count > 0 ? result.Tokens[0].Value : string.Empty;
        if (int.TryParse(text, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out int value) && value >= 1)
        {
            return value;
        }

        result.AddError($"--concurrency must be a whole number of at least 1, not '{text}'.");
        return null;
    }

    private static long? ParseSize(ArgumentResult result)
    {
        string text = result.Tokens.Count > 0 ? result.Tokens[0].Value : string.Empty;
        if (Units.TryParseSize(text, out long bytes) && bytes > 0)
        {
            return bytes;
        }

        result.AddError($"'{text}' is not a size (e.g. 8MiB, 16MB, 5242880).");
        return null;
    }
}
