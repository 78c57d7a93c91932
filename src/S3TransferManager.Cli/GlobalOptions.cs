using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;

namespace S3TransferManager.Cli;

/// <summary>The options every command accepts (declared once on the root, recursive).</summary>
internal sealed class GlobalOptions
{
    /// <summary>S3's smallest part (except the last) and its largest: what --part-size may be.</summary>
    private const long MinPartSize = 5L << 20;
    private const long MaxPartSize = 5L << 30;

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

    public Option<long?> PartSize { get; } = new("--part-size")
    {
        Description = "Part size, 5MiB to 5GiB, e.g. 16MiB (default 8 MiB)",
        HelpName = "SIZE",
        CustomParser = ParsePartSize,
        Recursive = true,
    };

    public Option<string?> Checksum { get; } = CreateChecksum();

    public Option<string?> ChecksumCalculation { get; } = CreateWhen("--checksum-calculation",
        "Checksums on uploads: when_supported (the default: CRC32 on every upload) or when_required (none S3 does not require; "
        + "--checksum still asks for one), as the AWS config file's request_checksum_calculation");

    public Option<string?> ChecksumValidation { get; } = CreateWhen("--checksum-validation",
        "Checksum validation of downloads: when_supported (the default) or when_required (no x-amz-checksum-mode, no validation), "
        + "as the AWS config file's response_checksum_validation");

    public Option<bool> NoResume { get; } = new("--no-resume")
    {
        Description = "Keep no journal: an interrupted copy starts over next time, and a failure or Ctrl+C leaves nothing behind",
        Recursive = true,
    };

    public Option<string?> JournalFolder { get; } = new("--journal-folder")
    {
        Description = "Where journals of resumable copies are kept (default: S3TransferManager/journals in the local application data folder)",
        HelpName = "DIR",
        Recursive = true,
    };

    // 0 (also "off", and the default) is no cap: the library is given none, so no limiter is on the path.
    public Option<long> BandwidthLimit { get; } = new("--bwlimit")
    {
        Description = "Most bytes a second, uploads and downloads together, as rclone reads it: 50M is 50 MiB/s, 512K, 1G; a bare number is KiB/s (default: no limit)",
        HelpName = "RATE",
        CustomParser = ParseBandwidthLimit,
        Recursive = true,
    };

    public Option<bool> Quiet { get; } = new("--quiet", "-q") { Description = "No progress and no summary; errors only", Recursive = true };

    public Option<bool> OnlyShowErrors { get; } = new("--only-show-errors") { Description = "As the AWS CLI's: only errors and warnings (the same as --quiet)", Recursive = true };

    public Option<bool> NoProgress { get; } = new("--no-progress") { Description = "No progress display; the result lines stay", Recursive = true };

    public Option<bool> Json { get; } = new("--json") { Description = "One JSON result at the end (on stdout; on stderr when stdout carries object data)", Recursive = true };

    public Option<bool> Debug { get; } = new("--debug") { Description = "On an error, print everything behind its one-line message (the full exception chain)", Recursive = true };

    public IEnumerable<Option> All => [Endpoint, Region, Profile, PathStyle, Concurrency, PartSize, Checksum, ChecksumCalculation, ChecksumValidation, BandwidthLimit, NoResume, JournalFolder, Quiet, OnlyShowErrors, NoProgress, Json, Debug];

    public CliSettings Read(ParseResult result) => new(
        result.GetValue(Endpoint),
        result.GetValue(Region),
        result.GetValue(Profile),
        result.GetValue(PathStyle),
        result.GetValue(Concurrency),
        result.GetValue(PartSize),
        result.GetValue(Checksum),
        !result.GetValue(NoResume),
        result.GetValue(JournalFolder),
        result.GetValue(Quiet) || result.GetValue(OnlyShowErrors),
        result.GetValue(Json),
        result.GetValue(BandwidthLimit) is > 0 and long cap ? cap : null,
        result.GetValue(NoProgress),
        result.GetValue(ChecksumCalculation),
        result.GetValue(ChecksumValidation));

    private static Option<string?> CreateChecksum()
    {
        var option = new Option<string?>("--checksum") { Description = "Upload checksum algorithm (the AWS CLI's --checksum-algorithm)", Recursive = true };
        option.AcceptOnlyFromAmong("CRC32", "CRC32C", "CRC64NVME", "SHA1", "SHA256");
        return option;
    }

    private static Option<string?> CreateWhen(string name, string description)
    {
        var option = new Option<string?>(name) { Description = description, HelpName = "WHEN", Recursive = true };
        option.AcceptOnlyFromAmong(ChecksumSettings.WhenSupported, ChecksumSettings.WhenRequired);
        return option;
    }

    private static int? ParseConcurrency(ArgumentResult result)
    {
        string text = result.Tokens.Count > 0 ? result.Tokens[0].Value : string.Empty;
        if (int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int value) && value >= 1)
        {
            return value;
        }

        result.AddError($"--concurrency must be a whole number of at least 1, not '{text}'.");
        return null;
    }

    private static long ParseBandwidthLimit(ArgumentResult result)
    {
        string text = result.Tokens.Count > 0 ? result.Tokens[0].Value : string.Empty;
        if (!Units.TryParseRate(text, out long bytesPerSecond))
        {
            result.AddError($"--bwlimit must be a rate such as 50M (MiB/s), 512K or 1G, or off, not '{text}'.");
        }

        return bytesPerSecond;
    }

    private static long? ParsePartSize(ArgumentResult result)
    {
        string text = result.Tokens.Count > 0 ? result.Tokens[0].Value : string.Empty;
        if (!Units.TryParseSize(text, out long bytes))
        {
            result.AddError($"--part-size must be a size from 5MiB to 5GiB (e.g. 8MiB, 16MB, 5242880), not '{text}'.");
            return null;
        }

        if (bytes is < MinPartSize or > MaxPartSize)
        {
            result.AddError(string.Create(CultureInfo.InvariantCulture,
                $"--part-size must be from 5MiB to 5GiB, the part sizes S3 accepts; '{text}' is {bytes:N0} bytes."));
            return null;
        }

        return bytes;
    }
}
