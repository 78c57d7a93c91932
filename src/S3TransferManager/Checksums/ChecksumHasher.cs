using System.Buffers;
using System.Buffers.Binary;
using System.IO.Hashing;
using System.Security.Cryptography;
using Amazon.S3;

namespace S3TransferManager.Checksums;

/// <summary>
/// Computes the checksum S3 expects for a request body (base64 of the big-endian CRC, or of the digest). The library
/// computes it itself and sends it as a header because AWSSDK.S3 4.0.104.5 sends no checksum at all for a streamed
/// body over plain HTTP (it only supports trailing checksums over HTTPS) and needs the CRT for CRC32C and CRC64NVME.
/// </summary>
internal sealed class ChecksumHasher : IDisposable
{
    private readonly NonCryptographicHashAlgorithm? _crc;
    private readonly IncrementalHash? _digest;

    private ChecksumHasher(ChecksumAlgorithm algorithm)
    {
        if (algorithm == ChecksumAlgorithm.CRC32)
        {
            _crc = CrcFolding.WideIsSupported ? new Crc32Folded() : new Crc32();
        }
        else if (algorithm == ChecksumAlgorithm.CRC32C)
        {
            _crc = new Crc32C();
        }
        else if (algorithm == ChecksumAlgorithm.CRC64NVME)
        {
            _crc = new Crc64Nvme();
        }
        else if (algorithm == ChecksumAlgorithm.SHA1)
        {
            _digest = IncrementalHash.CreateHash(HashAlgorithmName.SHA1);
        }
        else if (algorithm == ChecksumAlgorithm.SHA256)
        {
            _digest = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        }
        else
        {
            throw new ArgumentOutOfRangeException(nameof(algorithm), algorithm.Value, "Uploads support CRC32, CRC32C, CRC64NVME, SHA1 and SHA256.");
        }
    }

    /// <summary>A hasher to feed with <see cref="Append"/> (a download checks the bytes it receives this way).</summary>
    public static ChecksumHasher Create(ChecksumAlgorithm algorithm) => new(algorithm);

    public static bool IsSupported(ChecksumAlgorithm algorithm) =>
        algorithm == ChecksumAlgorithm.CRC32 || algorithm == ChecksumAlgorithm.CRC32C || algorithm == ChecksumAlgorithm.CRC64NVME
        || algorithm == ChecksumAlgorithm.SHA1 || algorithm == ChecksumAlgorithm.SHA256;

    /// <summary>The checksum of <paramref name="body"/> from its position to its end; the position is restored so the
    /// body can then be sent.</summary>
    public static async ValueTask<string> ComputeAsync(ChecksumAlgorithm algorithm, Stream body, CancellationToken cancellationToken)
    {
        using var hasher = new ChecksumHasher(algorithm);
        long start = body.Position;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(TransferLimits.BufferSize);
        try
        {
            int read;
            while ((read = await body.ReadAsync(buffer.AsMemory(0, TransferLimits.BufferSize), cancellationToken).ConfigureAwait(false)) > 0)
            {
                hasher.Append(buffer.AsSpan(0, read));
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
            body.Position = start;
        }

        return hasher.ToBase64();
    }

    /// <summary>
    /// S3's composite checksum of a multipart upload: the checksum of the concatenated raw (base64-decoded) part
    /// checksums, then "-" and the part count. <see langword="null"/> when a part checksum is not valid base64.
    /// </summary>
    public static string? Composite(ChecksumAlgorithm algorithm, IReadOnlyList<string> partChecksums)
    {
        using var hasher = new ChecksumHasher(algorithm);
        Span<byte> raw = stackalloc byte[32];
        foreach (string part in partChecksums)
        {
            if (!Convert.TryFromBase64String(part, raw, out int written))
            {
                return null;
            }

            hasher.Append(raw[..written]);
        }

        return $"{hasher.ToBase64()}-{partChecksums.Count.ToString(System.Globalization.CultureInfo.InvariantCulture)}";
    }

    public void Append(ReadOnlySpan<byte> data)
    {
        if (_crc is not null)
        {
            _crc.Append(data);
        }
        else
        {
            _digest!.AppendData(data);
        }
    }

    /// <summary>For a CRC, its value over the bytes appended so far, as a number (the hasher goes on); false for a
    /// digest. A download records it where a stored part ends inside one of its parts (<c>PartHasher</c>).</summary>
    public bool TryGetCurrentCrc(out ulong crc)
    {
        Span<byte> hash = stackalloc byte[sizeof(ulong)];
        switch (_crc)
        {
            case null:
                crc = 0;
                return false;
            case Crc32 crc32:
                crc = crc32.GetCurrentHashAsUInt32();
                return true;
            default:
                // Our own CRCs write the big-endian value, as S3 sends it.
                int length = _crc.GetCurrentHash(hash);
                crc = length == sizeof(ulong) ? BinaryPrimitives.ReadUInt64BigEndian(hash) : BinaryPrimitives.ReadUInt32BigEndian(hash);
                return true;
        }
    }

    public string ToBase64()
    {
        Span<byte> hash = stackalloc byte[32];
        int length;
        if (_crc is Crc32 crc32)
        {
            // System.IO.Hashing writes CRC-32 little-endian; S3 wants the big-endian bytes.
            BinaryPrimitives.WriteUInt32BigEndian(hash, crc32.GetCurrentHashAsUInt32());
            length = sizeof(uint);
        }
        else if (_crc is not null)
        {
            length = _crc.GetCurrentHash(hash);
        }
        else
        {
            length = _digest!.GetCurrentHash(hash);
        }

        return Convert.ToBase64String(hash[..length]);
    }

    public void Dispose() => _digest?.Dispose();
}
