namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>The AWS CLI (1.45 here) against moto: objects it writes, and what its own <c>aws s3 sync</c> decides, are
/// the reference the library's copy and sync are tested against.</summary>
internal static class AwsCli
{
    /// <summary>Runs <c>aws</c> with <paramref name="arguments"/> and <c>--endpoint-url</c> of <paramref name="moto"/>.</summary>
    public static Task<string> RunAsync(MotoServer moto, params string[] arguments) =>
        ChildProcess.RunAsync("aws", [.. arguments, "--endpoint-url", moto.ServiceUrl.ToString().TrimEnd('/')], stdin: null, TimeSpan.FromMinutes(3));
}
