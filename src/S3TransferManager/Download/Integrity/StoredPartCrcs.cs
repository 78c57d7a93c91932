using Amazon.S3;
using S3TransferManager.Upload.Checksums;

namespace S3TransferManager.Download.Integrity;

/// <summary>
/// The CRC of each stored part of an object with a composite CRC32 or CRC32C checksum, from this download's part
/// digests, whatever the two layouts are (the uploader's parts are often 5 MiB, ours 8 MiB with a shrinking tail).
/// A stored part is a run of pieces of this download's parts. A piece's CRC is the difference of two running CRCs of
/// its part, because CRC combination is linear: crc(B) = Combine(crc(A), crc(A‖B), |B|). The pieces then combine in
/// order. No byte is read twice and the download's layout stays what is fastest.
/// </summary>
internal static class StoredPartCrcs
{
    /// <summary>Each stored part's CRC, base64; <see langword="null"/> when a stored part ends where this download
    /// kept no running CRC (the parts were listed after the hashing passed that byte, off the 1 MiB grid), with that
    /// byte's offset in <paramref name="unknownOffset"/>.</summary>
    public static string[]? TryCompute(ChecksumAlgorithm algorithm, PartLayout layout, IReadOnlyList<StoredPart> stored,
        Func<int, PartDigest> digestOf, out long unknownOffset)
    {
        var crcs = new string[stored.Count];
        int part = 1;
        long start = 0;
        for (int index = 0; index < stored.Count; index++)
        {
            long end = start + stored[index].Size;
            ulong crc = 0; // The CRC of no bytes.
            for (long position = start; position < end;)
            {
                while (layout.EndOf(part) < position)
                {
                    part++;
                }

                long partStart = layout.StartOf(part);
                long pieceEnd = Math.Min(end, layout.EndOf(part) + 1);
                PartDigest digest = digestOf(part);
                if (!digest.TryGetCrcAt(position - partStart, out ulong before))
                {
                    unknownOffset = position;
                    return null;
                }

                if (!digest.TryGetCrcAt(pieceEnd - partStart, out ulong after))
                {
                    unknownOffset = pieceEnd;
                    return null;
                }

                ulong piece = CrcCombine.Combine(algorithm, before, after, pieceEnd - position);
                crc = CrcCombine.Combine(algorithm, crc, piece, pieceEnd - position);
                position = pieceEnd;
            }

            crcs[index] = CrcCombine.ToBase64(algorithm, crc);
            start = end;
        }

        unknownOffset = -1;
        return crcs;
    }
}
