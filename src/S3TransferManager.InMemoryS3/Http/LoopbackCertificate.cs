using System.Net;
using System.Net.Security;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>
/// The endpoint's TLS certificate: self-signed for 127.0.0.1, made in memory at start (a fresh P-256 key each time,
/// never written anywhere), valid for a day. Clients trust exactly it, by its bytes, and nothing else changes.
/// </summary>
internal static class LoopbackCertificate
{
    private const string ServerAuthentication = "1.3.6.1.5.5.7.3.1";

    /// <summary>A certificate with its private key, for Kestrel.</summary>
    public static X509Certificate2 Create()
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest("CN=127.0.0.1", key, HashAlgorithmName.SHA256);
        var names = new SubjectAlternativeNameBuilder();
        names.AddIpAddress(IPAddress.Loopback);
        request.CertificateExtensions.Add(names.Build());
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(false, false, 0, true));
        request.CertificateExtensions.Add(new X509KeyUsageExtension(X509KeyUsageFlags.DigitalSignature, true));
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension([new Oid(ServerAuthentication)], false));
        DateTimeOffset now = DateTimeOffset.UtcNow;
        using X509Certificate2 ephemeral = request.CreateSelfSigned(now.AddMinutes(-5), now.AddDays(1));
        // Through PKCS#12 and back: SslStream on Windows cannot use a key that only lives in the CertificateRequest's object.
        return X509CertificateLoader.LoadPkcs12(ephemeral.Export(X509ContentType.Pkcs12), password: null);
    }

    /// <summary>
    /// A client handler that trusts <paramref name="trusted"/> and only it (by its exact bytes, and only when the host
    /// name matches it, i.e. 127.0.0.1), besides what the system already trusts; a plain handler when it is null (HTTP).
    /// </summary>
    public static SocketsHttpHandler CreateHandler(X509Certificate2? trusted, int maxConnectionsPerServer)
    {
        if (trusted is null)
        {
            return new SocketsHttpHandler { MaxConnectionsPerServer = maxConnectionsPerServer, UseProxy = false };
        }

        byte[] pinned = trusted.RawData;
        return new SocketsHttpHandler
        {
            MaxConnectionsPerServer = maxConnectionsPerServer,
            UseProxy = false,
            SslOptions = new SslClientAuthenticationOptions
            {
                RemoteCertificateValidationCallback = (_, certificate, _, errors) =>
                    errors == SslPolicyErrors.None
                    || (errors == SslPolicyErrors.RemoteCertificateChainErrors && certificate is not null
                        && certificate.GetRawCertData().AsSpan().SequenceEqual(pinned)),
            },
        };
    }
}
