using Amazon.Runtime.CredentialManagement;

namespace S3TransferManager.Cli.Credentials;

/// <summary>
/// The profile and region as the AWS CLI finds them: the profile from --profile, else AWS_PROFILE, else
/// AWS_DEFAULT_PROFILE, else "default"; the region from --region, else AWS_REGION, else AWS_DEFAULT_REGION, else the
/// profile's <c>region</c> in ~/.aws/config (or AWS_CONFIG_FILE).
/// </summary>
internal static class AwsProfile
{
    public const string DefaultName = "default";

    /// <summary>The profile's name, and whether the user named it (an option or a variable) rather than the default.</summary>
    public static (string Name, bool Named) Name(string? option)
    {
        foreach (string? candidate in (string?[])[option, Variable("AWS_PROFILE"), Variable("AWS_DEFAULT_PROFILE")])
        {
            if (candidate is not null)
            {
                return (candidate, true);
            }
        }

        return (DefaultName, false);
    }

    /// <summary>The region's system name (e.g. eu-west-1), or null when none is configured anywhere.</summary>
    public static string? Region(string? option, string profile) =>
        option ?? Variable("AWS_REGION") ?? Variable("AWS_DEFAULT_REGION") ?? ProfileRegion(profile);

    /// <summary>The profile as the SDK reads it from the credentials and config files, or null when neither has it.</summary>
    public static CredentialProfile? Find(string profile) =>
        new CredentialProfileStoreChain().TryGetProfile(profile, out CredentialProfile found) ? found : null;

    private static string? ProfileRegion(string profile) => Find(profile)?.Region?.SystemName;

    private static string? Variable(string name) =>
        Environment.GetEnvironmentVariable(name) is { Length: > 0 } value ? value : null;
}
