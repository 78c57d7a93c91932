using System.Net;
using Amazon;
using Amazon.Runtime;
using Amazon.RuntimeDependencies;
using Amazon.SecurityToken;
using Amazon.SSO;
using Amazon.SSOOIDC;

namespace S3TransferManager.Cli.Credentials;

/// <summary>
/// Gives the AWS SDK the service clients its credential providers ask for: STS for assume role and web identity, SSO
/// and SSO OIDC for IAM Identity Center. The SDK would load them by assembly name, which a native (ahead-of-time
/// compiled) program cannot do: it fails with "Assembly AWSSDK.SecurityToken could not be found". Registered in the
/// SDK's <see cref="GlobalRuntimeDependencyRegistry"/> as it asks, once per process, each client made as the SDK
/// would make it: anonymous (web identity and SSO calls carry their own token), for the region it names. AssumeRole is
/// not among them: it must be signed with source credentials the registry does not pass on (see
/// <see cref="AssumeRoleCredentials"/>).
/// </summary>
internal static class SdkLoginClients
{
    private static readonly Lazy<bool> Registered = new(Register);

    public static void EnsureRegistered() => _ = Registered.Value;

    private static bool Register()
    {
        GlobalRuntimeDependencyRegistry registry = GlobalRuntimeDependencyRegistry.Instance;
        registry.RegisterSecurityTokenServiceClient(context =>
        {
            SecurityTokenServiceClientContext data = context.SecurityTokenServiceClientContextData;
            return new AmazonSecurityTokenServiceClient(new AnonymousAWSCredentials(),
                Configure(new AmazonSecurityTokenServiceConfig(), data.Region, data.ProxySettings));
        });
        registry.RegisterSSOClient(context =>
        {
            SSOClientContext data = context.SSOClientContextData;
            return new AmazonSSOClient(new AnonymousAWSCredentials(), Configure(new AmazonSSOConfig(), data.Region, data.ProxySettings));
        });
        registry.RegisterSSOOIDCClient(context =>
        {
            SSOOIDCClientContext data = context.SSOOIDCClientContextData;
            return new AmazonSSOOIDCClient(new AnonymousAWSCredentials(), Configure(new AmazonSSOOIDCConfig(), data.Region, data.ProxySettings));
        });
        return true;
    }

    private static T Configure<T>(T config, RegionEndpoint? region, IWebProxy? proxy)
        where T : ClientConfig
    {
        if (region is not null)
        {
            config.RegionEndpoint = region;
        }

        if (proxy is not null)
        {
            config.SetWebProxy(proxy);
        }

        return config;
    }
}
