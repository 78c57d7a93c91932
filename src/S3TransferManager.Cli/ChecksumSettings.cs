using Amazon.Runtime;
using Amazon.S3;
using S3TransferManager.Cli.Credentials;

namespace S3TransferManager.Cli;

/// <summary>
/// The client's two checksum settings, found where the AWS CLI finds them: --checksum-calculation and
/// --checksum-validation, then AWS_REQUEST_CHECKSUM_CALCULATION and AWS_RESPONSE_CHECKSUM_VALIDATION, then the profile's
/// <c>request_checksum_calculation</c> and <c>response_checksum_validation</c> in the AWS config file. <c>when_required</c>
/// is what a store that refuses checksum headers needs (Backblaze B2); the library then sends none S3 does not require,
/// and validates a download only when asked.
/// </summary>
internal static class ChecksumSettings
{
    public const string WhenSupported = "when_supported";
    public const string WhenRequired = "when_required";

    /// <summary>Sets what was found on <paramref name="config"/>; leaves the SDK's default where nothing was.</summary>
    public static void Apply(AmazonS3Config config, CliSettings settings, string profile)
    {
        if (Calculation(settings.ChecksumCalculation, profile) is { } calculation)
        {
            config.RequestChecksumCalculation = calculation;
        }

        if (Validation(settings.ChecksumValidation, profile) is { } validation)
        {
            config.ResponseChecksumValidation = validation;
        }
    }

    public static RequestChecksumCalculation? Calculation(string? option, string profile) =>
        Parse(option ?? Variable("AWS_REQUEST_CHECKSUM_CALCULATION"), "--checksum-calculation") is { } required
            ? (required ? RequestChecksumCalculation.WHEN_REQUIRED : RequestChecksumCalculation.WHEN_SUPPORTED)
            : AwsProfile.Find(profile)?.RequestChecksumCalculation;

    public static ResponseChecksumValidation? Validation(string? option, string profile) =>
        Parse(option ?? Variable("AWS_RESPONSE_CHECKSUM_VALIDATION"), "--checksum-validation") is { } required
            ? (required ? ResponseChecksumValidation.WHEN_REQUIRED : ResponseChecksumValidation.WHEN_SUPPORTED)
            : AwsProfile.Find(profile)?.ResponseChecksumValidation;

    /// <returns>Whether the value is when_required; null when there is none.</returns>
    private static bool? Parse(string? value, string name) => value?.Trim().ToLowerInvariant() switch
    {
        null => null,
        WhenRequired => true,
        WhenSupported => false,
        _ => throw new UsageException($"{name} (or its variable) must be {WhenSupported} or {WhenRequired}, not '{value}'."),
    };

    private static string? Variable(string name) =>
        Environment.GetEnvironmentVariable(name) is { Length: > 0 } value ? value : null;
}
