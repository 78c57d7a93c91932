using Amazon;
using Amazon.Runtime;
using Amazon.Runtime.CredentialManagement;

namespace S3TransferManager.Cli.Credentials;

/// <summary>
/// The credentials a profile of ~/.aws/config or ~/.aws/credentials gives, as the AWS CLI reads it: keys, a role
/// (<c>role_arn</c> with <c>source_profile</c>, itself any kind of profile, or <c>credential_source</c>), web identity,
/// IAM Identity Center (<c>sso_session</c> or the legacy <c>sso_start_url</c>, from the token cached in ~/.aws/sso/cache),
/// or <c>credential_process</c>. Roles are assumed by <see cref="AssumeRoleCredentials"/>; the rest is the SDK's.
/// </summary>
internal static class ProfileCredentials
{
    /// <summary>The profile's credentials, or null when the files have no such profile or it holds none.</summary>
    public static AWSCredentials? Find(string profile) => Find(profile, []);

    private static AWSCredentials? Find(string name, HashSet<string> chain)
    {
        CredentialProfile? profile = AwsProfile.Find(name);
        if (profile is null)
        {
            return null;
        }

        CredentialProfileOptions options = profile.Options;
        if (string.IsNullOrEmpty(options.RoleArn) || !string.IsNullOrEmpty(options.WebIdentityTokenFile))
        {
            // Keys, web identity (an anonymous AssumeRoleWithWebIdentity), SSO, credential_process: the SDK's own.
            return new CredentialProfileStoreChain().TryGetAWSCredentials(name, out AWSCredentials credentials) ? credentials : null;
        }

        if (!string.IsNullOrEmpty(options.MfaSerial))
        {
            throw new UsageException($"profile '{name}' assumes its role with an MFA code (mfa_serial), which s3tm cannot ask for; use a profile without it, or credentials from 'aws sts assume-role' in the environment.");
        }

        if (!chain.Add(name))
        {
            throw new UsageException($"profile '{name}': its source_profile chain loops back to it.");
        }

        RegionEndpoint region = RegionEndpoint.GetBySystemName(AwsProfile.Region(null, name) ?? "us-east-1");
        return new AssumeRoleCredentials(Source(name, options, chain), name, options.RoleArn, options.RoleSessionName, options.ExternalID, region);
    }

    /// <summary>The credentials that assume the role: the source profile's (its own keys when it names itself), or the
    /// credential_source's.</summary>
    private static AWSCredentials Source(string name, CredentialProfileOptions options, HashSet<string> chain)
    {
        if (!string.IsNullOrEmpty(options.SourceProfile))
        {
            if (options.SourceProfile == name && !string.IsNullOrEmpty(options.AccessKey))
            {
                return string.IsNullOrEmpty(options.Token)
                    ? new BasicAWSCredentials(options.AccessKey, options.SecretKey)
                    : new SessionAWSCredentials(options.AccessKey, options.SecretKey, options.Token);
            }

            return Find(options.SourceProfile, chain)
                ?? throw new UsageException($"profile '{name}': its source_profile '{options.SourceProfile}' is not in the AWS credentials or config files, or holds no credentials.");
        }

        return options.CredentialSource switch
        {
            "Environment" => EnvironmentKeys()
                ?? throw new UsageException($"profile '{name}': credential_source = Environment, but AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set."),
            "Ec2InstanceMetadata" => new InstanceProfileAWSCredentials(),
            "EcsContainer" => new GenericContainerCredentials(),
            null or "" => throw new UsageException($"profile '{name}' has role_arn but neither source_profile nor credential_source."),
            string other => throw new UsageException($"profile '{name}': credential_source '{other}' is not Environment, Ec2InstanceMetadata or EcsContainer."),
        };
    }

    /// <summary>AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (with AWS_SESSION_TOKEN when set), or null.</summary>
    public static AWSCredentials? EnvironmentKeys()
    {
        string? key = Environment.GetEnvironmentVariable("AWS_ACCESS_KEY_ID");
        string? secret = Environment.GetEnvironmentVariable("AWS_SECRET_ACCESS_KEY");
        if (string.IsNullOrEmpty(key) || string.IsNullOrEmpty(secret))
        {
            return null;
        }

        string? session = Environment.GetEnvironmentVariable("AWS_SESSION_TOKEN");
        return string.IsNullOrEmpty(session) ? new BasicAWSCredentials(key, secret) : new SessionAWSCredentials(key, secret, session);
    }
}
