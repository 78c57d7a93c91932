namespace S3TransferManager.Tests.TestSupport;

/// <summary>Deterministic test payloads.</summary>
public static class TestData
{
    /// <summary>Bytes that differ between neighbouring positions and chunks, from a fixed seed.</summary>
    public static byte[] Bytes(int length, int seed = 42)
    {
        var data = new byte[length];
        new Random(seed).NextBytes(data);
        return data;
    }
}
