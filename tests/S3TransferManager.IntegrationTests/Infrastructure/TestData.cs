using System.Security.Cryptography;

namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>Deterministic test content and hashing.</summary>
public static class TestData
{
    public static byte[] Bytes(int length, int seed = 1)
    {
        var bytes = GC.AllocateUninitializedArray<byte>(length);
        new Random(seed ^ length).NextBytes(bytes);
        return bytes;
    }

    public static string Sha256(ReadOnlySpan<byte> data) => Convert.ToHexString(SHA256.HashData(data));

    public static string Sha256OfFile(string path)
    {
        using FileStream file = File.OpenRead(path);
        return Convert.ToHexString(SHA256.HashData(file));
    }
}
