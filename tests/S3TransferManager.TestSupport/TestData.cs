using System.Security.Cryptography;

namespace S3TransferManager.TestSupport;

/// <summary>Deterministic test payloads and their hashes.</summary>
public static class TestData
{
    /// <summary>Bytes from a fixed seed: the same seed gives the same prefix whatever the length.</summary>
    public static byte[] Bytes(int length, int seed = 42)
    {
        var data = new byte[length];
        new Random(seed).NextBytes(data);
        return data;
    }

    /// <summary>Bytes whose seed mixes in the length, so two objects of different sizes differ from their first byte
    /// (an overwritten object never shares a prefix with the old one by accident).</summary>
    public static byte[] Payload(int length, int seed = 1)
    {
        var data = GC.AllocateUninitializedArray<byte>(length);
        new Random(seed ^ length).NextBytes(data);
        return data;
    }

    public static string Sha256(ReadOnlySpan<byte> data) => Convert.ToHexString(SHA256.HashData(data));

    public static string Sha256OfFile(string path)
    {
        using FileStream file = File.OpenRead(path);
        return Convert.ToHexString(SHA256.HashData(file));
    }
}
