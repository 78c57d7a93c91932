using Amazon.S3;
using S3TransferManager.Checksums;

namespace S3TransferManager.Resume;

/// <summary>
/// A part's checksum as a journal records it: the algorithm's name, a colon, the value in base64 as S3 writes it
/// (<c>CRC64NVME:AAAAAAAAAAA=</c>). Uploads record the checksum S3 was sent with the part; downloads, and uploads that
/// send none, the journal's own CRC64NVME (<see cref="OwnAlgorithm"/>).
/// </summary>
internal static class JournalChecksum
{
    /// <summary>The journal's own algorithm: the fastest this library has (folded, tens of GB/s), and 64 bits.</summary>
    public static readonly ChecksumAlgorithm OwnAlgorithm = ChecksumAlgorithm.CRC64NVME;

    public static string Format(ChecksumAlgorithm algorithm, string value) => $"{algorithm.Value}:{value}";

    /// <summary>The algorithm and value of a recorded checksum; false when the text is not one this library computes.</summary>
    public static bool TryParse(string text, out ChecksumAlgorithm algorithm, out string value)
    {
        int colon = text.IndexOf(':', StringComparison.Ordinal);
        algorithm = colon > 0 ? ChecksumAlgorithm.FindValue(text[..colon]) : ChecksumAlgorithm.CRC64NVME;
        value = colon > 0 ? text[(colon + 1)..] : string.Empty;
        return colon > 0 && value.Length > 0 && ChecksumHasher.IsSupported(algorithm);
    }
}
