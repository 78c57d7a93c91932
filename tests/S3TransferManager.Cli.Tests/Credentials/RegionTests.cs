namespace S3TransferManager.Cli.Tests.Credentials;

/// <summary>
/// The region is found where the AWS CLI finds it: --region, AWS_REGION, AWS_DEFAULT_REGION, the profile's region.
/// s3tm runs as a process against <see cref="LoginStandIn"/>, which records the region each request was signed for;
/// without --endpoint the request goes there through AWS_ENDPOINT_URL_S3, the AWS SDK's own override, so the region
/// is the one the client was made for.
/// </summary>
public sealed class RegionTests : StandInTest
{
    [Fact]
    public async Task Ls_AwsDefaultRegionAlone_SignsForIt()
    {
        CliRun run = await LsAsync(("AWS_DEFAULT_REGION", "eu-central-1"));

        Assert.True(run.ExitCode == 0, run.Stderr);
        Assert.Equal(["eu-central-1"], StandIn.S3Regions);
    }

    [Fact]
    public async Task Ls_AwsRegionAndAwsDefaultRegion_AwsRegionWins()
    {
        CliRun run = await LsAsync(("AWS_REGION", "ap-southeast-2"), ("AWS_DEFAULT_REGION", "eu-central-1"));

        Assert.True(run.ExitCode == 0, run.Stderr);
        Assert.Equal(["ap-southeast-2"], StandIn.S3Regions);
    }

    [Fact]
    public async Task Ls_ProfileRegionOnly_SignsForIt()
    {
        Home.WriteConfig("[profile work]\nregion = sa-east-1\n");

        CliRun run = await LsAsync(("AWS_PROFILE", "work"));

        Assert.True(run.ExitCode == 0, run.Stderr);
        Assert.Equal(["sa-east-1"], StandIn.S3Regions);
    }

    [Fact]
    public async Task Ls_RegionOption_BeatsTheEnvironmentAndTheProfile()
    {
        Home.WriteConfig("[default]\nregion = sa-east-1\n");

        CliRun run = await LsAsync([("AWS_REGION", "ap-southeast-2")], "--region", "ca-central-1");

        Assert.True(run.ExitCode == 0, run.Stderr);
        Assert.Equal(["ca-central-1"], StandIn.S3Regions);
    }

    [Fact]
    public async Task Ls_EndpointAndAwsDefaultRegion_SignsForIt()
    {
        CliRun run = await CliProcess.RunAsync(Environment(("AWS_DEFAULT_REGION", "eu-north-1")), "ls", "--endpoint", StandIn.Url.ToString());

        Assert.True(run.ExitCode == 0, run.Stderr);
        Assert.Equal(["eu-north-1"], StandIn.S3Regions);
    }

    [Fact]
    public async Task Ls_NoRegionAnywhere_SaysWhereToSetOneBeforeAnyRequest()
    {
        // No AWS_ENDPOINT_URL_S3 here: the SDK takes an endpoint URL as enough to make a client.
        CliRun run = await CliProcess.RunAsync(Environment(), "ls");

        Assert.Equal(2, run.ExitCode);
        Assert.Equal("s3tm: no AWS region: give --region, set AWS_REGION (or AWS_DEFAULT_REGION), or add 'region = ...' to the profile in ~/.aws/config.", run.Stderr.TrimEnd());
        Assert.Empty(StandIn.Log);
    }

    private Task<CliRun> LsAsync(params (string, string)[] set) => LsAsync(set, []);

    private Task<CliRun> LsAsync((string, string)[] set, params string[] options) =>
        CliProcess.RunAsync(Environment([("AWS_ENDPOINT_URL_S3", StandIn.Url.ToString()), .. set]), ["ls", .. options]);

    private Dictionary<string, string?> Environment(params (string, string)[] set) =>
        Home.Environment([("AWS_ACCESS_KEY_ID", "AKIAREGIONTEST000001"), ("AWS_SECRET_ACCESS_KEY", "secret"), .. set]);
}
