using System.Collections.Concurrent;
using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace S3TransferManager.Cli.Tests.Credentials;

/// <summary>
/// One server on 127.0.0.1 standing in for the services a login asks, each answering as AWS documents it: the IAM
/// Identity Center portal's GetRoleCredentials (<c>/federation/credentials</c>), a container credentials endpoint, the
/// EC2 instance metadata service (IMDSv2), and an S3 endpoint that answers ListBuckets with no bucket. It records who
/// asked what: above all the access key that signed each S3 request, so a test sees which credentials s3tm used.
/// </summary>
internal sealed class LoginStandIn : IAsyncDisposable
{
    public const string IssuedKeyPrefix = "ASIASTANDIN";
    private const string MetadataToken = "imds-session-token";
    private const string InstanceRole = "s3tm-instance-role";

    private readonly WebApplication _app;
    private readonly ConcurrentQueue<string> _log = new();

    private LoginStandIn(WebApplication app) => _app = app;

    public Uri Url { get; private set; } = null!;

    /// <summary>What arrived, one line each: "s3 KEY REGION TOKEN", "sso ROLE ACCOUNT BEARER", "container AUTH", "imds ...".</summary>
    public IReadOnlyList<string> Log => [.. _log];

    /// <summary>The region each S3 request was signed for, in order.</summary>
    public IEnumerable<string> S3Regions => Log.Where(line => line.StartsWith("s3 ", StringComparison.Ordinal)).Select(line => line.Split(' ')[2]);

    /// <summary>The access key of each S3 request's Authorization header, in order.</summary>
    public IEnumerable<string> S3Keys => Log.Where(line => line.StartsWith("s3 ", StringComparison.Ordinal)).Select(line => line.Split(' ')[1]);

    public static async Task<LoginStandIn> StartAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0));
        WebApplication app = builder.Build();
        var standIn = new LoginStandIn(app);
        app.Run(standIn.HandleAsync);
        await app.StartAsync();
        standIn.Url = new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());
        return standIn;
    }

    /// <summary>The keys this stand-in hands out for <paramref name="source"/> ("sso", "container", "imds").</summary>
    public static string KeyFor(string source) => IssuedKeyPrefix + source.ToUpperInvariant();

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }

    private async Task HandleAsync(HttpContext context)
    {
        HttpRequest request = context.Request;
        string path = request.Path.Value ?? "/";
        switch (request.Method, path)
        {
            case ("GET", "/federation/credentials"):
                _log.Enqueue($"sso {request.Query["role_name"]} {request.Query["account_id"]} {request.Headers["x-amz-sso_bearer_token"]}");
                long expires = DateTimeOffset.UtcNow.AddHours(1).ToUnixTimeMilliseconds();
                await WriteJsonAsync(context, $$"""{"roleCredentials":{"accessKeyId":"{{KeyFor("sso")}}","secretAccessKey":"sso-secret","sessionToken":"sso-session","expiration":{{expires}} } }""");
                return;
            case ("GET", "/container-credentials"):
                _log.Enqueue($"container {request.Headers.Authorization}");
                await WriteJsonAsync(context, Temporary("container"));
                return;
            case ("PUT", "/latest/api/token"):
                _log.Enqueue("imds token");
                await context.Response.WriteAsync(MetadataToken);
                return;
            case ("GET", "/latest/meta-data/iam/security-credentials" or "/latest/meta-data/iam/security-credentials/"):
                _log.Enqueue($"imds role-list {request.Headers["x-aws-ec2-metadata-token"]}");
                await context.Response.WriteAsync(InstanceRole);
                return;
            case ("GET", "/latest/meta-data/iam/security-credentials/" + InstanceRole):
                _log.Enqueue($"imds role {request.Headers["x-aws-ec2-metadata-token"]}");
                await WriteJsonAsync(context, Temporary("imds").Replace("{", "{\"Code\":\"Success\",\"Type\":\"AWS-HMAC\",", StringComparison.Ordinal));
                return;
            case ("GET", "/"):
                (string key, string region) = SigningScope(request.Headers.Authorization.ToString());
                _log.Enqueue($"s3 {key} {region} {request.Headers["x-amz-security-token"]}");
                context.Response.ContentType = "application/xml";
                await context.Response.WriteAsync("<?xml version=\"1.0\" encoding=\"UTF-8\"?><ListAllMyBucketsResult><Owner><ID>standin</ID></Owner><Buckets></Buckets></ListAllMyBucketsResult>");
                return;
            default:
                _log.Enqueue($"unknown {request.Method} {path}");
                context.Response.StatusCode = StatusCodes.Status404NotFound;
                return;
        }
    }

    private static string Temporary(string source) =>
        $$"""{"AccessKeyId":"{{KeyFor(source)}}","SecretAccessKey":"{{source}}-secret","Token":"{{source}}-session","Expiration":"{{DateTime.UtcNow.AddHours(1):yyyy-MM-ddTHH:mm:ssZ}}"}""";

    /// <summary>AKID and REGION from "AWS4-HMAC-SHA256 Credential=AKID/date/REGION/s3/aws4_request, ...".</summary>
    private static (string Key, string Region) SigningScope(string authorization)
    {
        const string Marker = "Credential=";
        int start = authorization.IndexOf(Marker, StringComparison.Ordinal);
        if (start < 0)
        {
            return ("(unsigned)", "-");
        }

        string[] scope = authorization[(start + Marker.Length)..].Split(',')[0].Split('/');
        return (scope[0], scope[2]);
    }

    private static Task WriteJsonAsync(HttpContext context, string json)
    {
        context.Response.ContentType = "application/json";
        return context.Response.WriteAsync(json);
    }
}
