using System.Security.Cryptography;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>A fixed SSE-C key for tests, with the MD5 S3 expects beside it.</summary>
public static class CustomerKey
{
    private static readonly byte[] s_key = TestData.Bytes(32, seed: 7);

    /// <summary>The 256-bit key, base64.</summary>
    public static string Key { get; } = Convert.ToBase64String(s_key);

    /// <summary>The base64 MD5 of the key's bytes.</summary>
    public static string KeyMd5 { get; } = Convert.ToBase64String(MD5.HashData(s_key));
}
