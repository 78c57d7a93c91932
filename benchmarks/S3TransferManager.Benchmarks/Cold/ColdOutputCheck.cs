using System.Security.Cryptography;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// What a cold run checks after each timed transfer, outside the clock: the SHA-256 of what the client wrote (the
/// downloaded file, or the uploaded object read back) against what it should be, so that a client is never timed
/// for a transfer that did not deliver the bytes. Downloads must match the seeded object; uploads (of a file or of
/// stdin) are zeros.
/// </summary>
internal static class ColdOutputCheck
{
    private const int Chunk = 1 << 20;

    /// <summary>The SHA-256 (hex) a scenario's output must have: the seeded object's for a download to a file, the
    /// zeros' for an upload; null for OpenStream, whose bytes are read and dropped inside the timed transfer.</summary>
    public static string? Expected(string scenario, long size) => scenario switch
    {
        "file" => Sha256(size, (chunk, offset) => InMemoryS3Content.Fill(chunk, offset)),
        "upload" or "stdin" => Sha256(size, (chunk, _) => chunk.Clear()),
        _ => null,
    };

    /// <summary>Checks a transfer's output: the file at <paramref name="path"/> for a download, the object at
    /// <paramref name="uploadedKey"/> for an upload.</summary>
    /// <exception cref="InvalidOperationException">The output is not what it should be.</exception>
    public static async Task VerifyAsync(string client, string scenario, string? expected, string path, IAmazonS3 s3, string? uploadedKey)
    {
        if (expected is null)
        {
            return;
        }

        string actual;
        if (scenario is "file" or "dir")
        {
            await using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, Chunk);
            actual = Convert.ToHexString(await SHA256.HashDataAsync(file));
        }
        else
        {
            using GetObjectResponse response = await s3.GetObjectAsync(EndpointSession.Bucket, uploadedKey);
            actual = Convert.ToHexString(await SHA256.HashDataAsync(response.ResponseStream));
        }

        if (actual != expected)
        {
            throw new InvalidOperationException(
                $"{client} {scenario}: the output's SHA-256 is {actual}, not {expected}: the transfer did not deliver the bytes.");
        }
    }

    private static string Sha256(long size, Action<Span<byte>, long> fill)
    {
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        byte[] chunk = new byte[Chunk];
        for (long offset = 0; offset < size; offset += Chunk)
        {
            Span<byte> piece = chunk.AsSpan(0, (int)Math.Min(Chunk, size - offset));
            fill(piece, offset);
            hash.AppendData(piece);
        }

        return Convert.ToHexString(hash.GetHashAndReset());
    }
}
