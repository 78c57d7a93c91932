using System.Globalization;
using Amazon;
using Amazon.Runtime;
using Amazon.SecurityToken;
using Amazon.SecurityToken.Model;

namespace S3TransferManager.Cli.Credentials;

/// <summary>
/// A role assumed with STS AssumeRole, signed with the source credentials, and assumed again 15 minutes before the
/// session ends. s3tm's own rather than the SDK's AssumeRoleAWSCredentials: that one asks the SDK's dependency
/// registry for an STS client, and the registry gives its factory no source credentials, so in a native program its
/// AssumeRole would go out unsigned.
/// </summary>
internal sealed class AssumeRoleCredentials : RefreshingAWSCredentials
{
    private readonly AWSCredentials _source;
    private readonly AssumeRoleRequest _request;
    private readonly RegionEndpoint _region;
    private readonly string _profile;

    public AssumeRoleCredentials(AWSCredentials source, string profile, string roleArn, string? sessionName, string? externalId, RegionEndpoint region)
    {
        _source = source;
        _profile = profile;
        _region = region;
        _request = new AssumeRoleRequest
        {
            RoleArn = roleArn,
            // As the AWS CLI names its sessions when the profile names none.
            RoleSessionName = sessionName ?? string.Create(CultureInfo.InvariantCulture, $"s3tm-session-{DateTimeOffset.UtcNow.ToUnixTimeSeconds()}"),
            ExternalId = externalId,
        };
        PreemptExpiryTime = TimeSpan.FromMinutes(15);
    }

    protected override CredentialsRefreshState GenerateNewCredentials() => GenerateNewCredentialsAsync().GetAwaiter().GetResult();

    protected override async Task<CredentialsRefreshState> GenerateNewCredentialsAsync()
    {
        using var sts = new AmazonSecurityTokenServiceClient(_source, new AmazonSecurityTokenServiceConfig { RegionEndpoint = _region });
        AssumeRoleResponse response;
        try
        {
            response = await sts.AssumeRoleAsync(_request).ConfigureAwait(false);
        }
        catch (AmazonServiceException e)
        {
            throw new AmazonClientException($"profile '{_profile}': STS refused to assume {_request.RoleArn} ({e.ErrorCode}): {e.Message}", e);
        }

        Amazon.SecurityToken.Model.Credentials issued = response.Credentials;
        return new CredentialsRefreshState(
            new ImmutableCredentials(issued.AccessKeyId, issued.SecretAccessKey, issued.SessionToken),
            issued.Expiration ?? DateTime.UtcNow.AddHours(1));
    }
}
