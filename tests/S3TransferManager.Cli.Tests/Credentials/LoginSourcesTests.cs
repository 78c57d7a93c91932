using System.Security.Cryptography;
using System.Text;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Cli.Tests.Credentials;

/// <summary>
/// Every way the AWS CLI logs in, with s3tm as a process: a role assumed through moto's STS (source_profile,
/// credential_source, web identity), IAM Identity Center from a cached token, credential_process, container and
/// instance credentials. Each ends in an S3 request to <see cref="LoginStandIn"/>, which tells which access key signed
/// it: the one the login issued, never the source's or a placeholder.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class LoginSourcesTests(MotoServer moto) : StandInTest
{
    private const string SourceKey = "AKIASOURCEPROFILE001";
    private const string RoleArn = "arn:aws:iam::123456789012:role/s3tm-reader";

    [Fact]
    public async Task Ls_RoleWithSourceProfile_SignsWithTheKeysStsIssued()
    {
        Home.WriteCredentials($"[base]\naws_access_key_id = {SourceKey}\naws_secret_access_key = base-secret\n");
        Home.WriteConfig($"[profile reader]\nrole_arn = {RoleArn}\nsource_profile = base\nregion = eu-west-1\n");

        CliRun run = await LsAsync(Home.Environment(Sts()), "--profile", "reader");

        Assert.True(run.ExitCode == 0, run.Stderr + string.Join("\n", StandIn.Log));
        AssertSignedByStsSession();
    }

    [Fact]
    public async Task Ls_RoleFromAwsProfileVariable_SignsWithTheKeysStsIssued()
    {
        Home.WriteConfig($"[profile base]\naws_access_key_id = {SourceKey}\naws_secret_access_key = base-secret\n"
            + $"[profile reader]\nrole_arn = {RoleArn}\nsource_profile = base\n");

        CliRun run = await LsAsync(Home.Environment(Sts(), ("AWS_PROFILE", "reader")));

        Assert.True(run.ExitCode == 0, run.Stderr + string.Join("\n", StandIn.Log));
        AssertSignedByStsSession();
    }

    [Fact]
    public async Task Ls_RoleWithCredentialSourceEnvironment_AssumesItWithTheEnvironmentKeys()
    {
        Home.WriteConfig($"[profile reader]\nrole_arn = {RoleArn}\ncredential_source = Environment\n");

        CliRun run = await LsAsync(
            Home.Environment(Sts(), ("AWS_ACCESS_KEY_ID", SourceKey), ("AWS_SECRET_ACCESS_KEY", "env-secret")),
            "--profile", "reader");

        Assert.True(run.ExitCode == 0, run.Stderr + string.Join("\n", StandIn.Log));
        AssertSignedByStsSession();
    }

    [Fact]
    public async Task Ls_ProfileWithWebIdentityTokenFile_AssumesTheRoleWithTheToken()
    {
        string token = Home.WriteFile("token.jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzM3RtIn0.c2lnbmF0dXJl");
        Home.WriteConfig($"[profile ci]\nrole_arn = {RoleArn}\nweb_identity_token_file = {token}\n");

        CliRun run = await LsAsync(Home.Environment(Sts()), "--profile", "ci");

        Assert.True(run.ExitCode == 0, run.Stderr + string.Join("\n", StandIn.Log));
        AssertSignedByStsSession();
    }

    [Fact]
    public async Task Ls_WebIdentityFromEnvironment_AssumesTheRoleWithTheToken()
    {
        string token = Home.WriteFile("token.jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzM3RtIn0.c2lnbmF0dXJl");

        CliRun run = await LsAsync(Home.Environment(Sts(), ("AWS_ROLE_ARN", RoleArn), ("AWS_WEB_IDENTITY_TOKEN_FILE", token)));

        Assert.True(run.ExitCode == 0, run.Stderr + string.Join("\n", StandIn.Log));
        AssertSignedByStsSession();
    }

    [Fact]
    public async Task Ls_SsoSessionWithCachedToken_SignsWithTheRoleCredentialsThePortalGave()
    {
        Home.WriteConfig("""
            [profile dev]
            sso_session = corp
            sso_account_id = 111122223333
            sso_role_name = ReadOnly
            region = us-east-1
            [sso-session corp]
            sso_region = us-east-1
            sso_start_url = https://corp.awsapps.com/start
            sso_registration_scopes = sso:account:access
            """);
        // Where `aws sso login` leaves the token: ~/.aws/sso/cache/<SHA-1 of the session name>.json.
        string cacheName = Convert.ToHexStringLower(SHA1.HashData(Encoding.UTF8.GetBytes("corp"))) + ".json";
        Home.WriteFile(Path.Combine(".aws", "sso", "cache", cacheName), $$"""
            {"startUrl": "https://corp.awsapps.com/start", "region": "us-east-1", "accessToken": "cached-portal-token",
             "expiresAt": "{{DateTime.UtcNow.AddHours(8):yyyy-MM-ddTHH:mm:ssZ}}", "clientId": "client", "clientSecret": "secret",
             "registrationExpiresAt": "{{DateTime.UtcNow.AddDays(30):yyyy-MM-ddTHH:mm:ssZ}}", "refreshToken": "refresh"}
            """);

        CliRun run = await LsAsync(Home.Environment(("AWS_ENDPOINT_URL_SSO", StandIn.Url.ToString())), "--profile", "dev");

        Assert.True(run.ExitCode == 0, run.Stderr + string.Join("\n", StandIn.Log));
        Assert.Contains("sso ReadOnly 111122223333 cached-portal-token", StandIn.Log);
        Assert.Equal([LoginStandIn.KeyFor("sso")], StandIn.S3Keys);
    }

    [Fact]
    public async Task Ls_CredentialProcess_SignsWithTheKeysTheProcessPrinted()
    {
        string script = Home.WriteFile("creds.sh", """
            echo '{"Version": 1, "AccessKeyId": "AKIAFROMPROCESS00001", "SecretAccessKey": "process-secret"}'
            """);
        Home.WriteConfig($"[profile tool]\ncredential_process = sh {script}\n");

        CliRun run = await LsAsync(Home.Environment(), "--profile", "tool");

        Assert.True(run.ExitCode == 0, run.Stderr + string.Join("\n", StandIn.Log));
        Assert.Equal(["AKIAFROMPROCESS00001"], StandIn.S3Keys);
    }

    [Fact]
    public async Task Ls_ContainerCredentials_SignsWithTheKeysTheEndpointGave()
    {
        CliRun run = await LsAsync(Home.Environment(
            ("AWS_CONTAINER_CREDENTIALS_FULL_URI", new Uri(StandIn.Url, "/container-credentials").ToString()),
            ("AWS_CONTAINER_AUTHORIZATION_TOKEN", "container-auth")));

        Assert.True(run.ExitCode == 0, run.Stderr + string.Join("\n", StandIn.Log));
        Assert.Contains("container container-auth", StandIn.Log);
        Assert.Equal([LoginStandIn.KeyFor("container")], StandIn.S3Keys);
    }

    [Fact]
    public async Task Ls_InstanceMetadata_SignsWithTheInstanceRoleKeys()
    {
        Dictionary<string, string?> environment = Home.Environment(("AWS_EC2_METADATA_SERVICE_ENDPOINT", StandIn.Url.ToString().TrimEnd('/')));
        environment["AWS_EC2_METADATA_DISABLED"] = null;

        CliRun run = await LsAsync(environment);

        Assert.True(run.ExitCode == 0, run.Stderr + string.Join("\n", StandIn.Log));
        Assert.Contains("imds role imds-session-token", StandIn.Log);
        Assert.Equal([LoginStandIn.KeyFor("imds")], StandIn.S3Keys);
    }

    /// <summary>STS requests go to moto, whose AssumeRole and AssumeRoleWithWebIdentity issue ASIA... session keys.</summary>
    private (string, string) Sts() => ("AWS_ENDPOINT_URL_STS", moto.ServiceUrl.ToString());

    private Task<CliRun> LsAsync(Dictionary<string, string?> environment, params string[] options) =>
        CliProcess.RunAsync(environment, ["ls", "--endpoint", StandIn.Url.ToString(), "--debug", .. options]);

    private void AssertSignedByStsSession()
    {
        string key = Assert.Single(StandIn.S3Keys);
        Assert.StartsWith("ASIA", key, StringComparison.Ordinal);
        Assert.NotEqual(SourceKey, key);
        Assert.DoesNotContain(StandIn.Log, line => line.StartsWith("s3 ", StringComparison.Ordinal) && line.EndsWith(' '));
    }
}
