using Amazon.S3;
using S3TransferManager.Parts;

namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// What one download's parts hashed: each part's digests, one per algorithm it went through, recorded as the part's
/// last byte passes (on any thread), and what they add up to once every part is in: the whole object's checksum, or
/// the CRC of any prefix of the object (<see cref="PrefixCrcs"/>).
/// </summary>
internal sealed class ReceivedDigests
{
    private readonly string _bucketName;
    private readonly string _key;

    /// <summary>Each part's digests, indexed by part - 1, once the part finished.</summary>
    private readonly PartDigest[]?[] _parts;

    public ReceivedDigests(string bucketName, string key, PartLayout layout)
    {
        _bucketName = bucketName;
        _key = key;
        Layout = layout;
        _parts = new PartDigest[]?[layout.PartCount];
    }

    public PartLayout Layout { get; }

    public void Record(int partNumber, PartDigest[] digests) => Volatile.Write(ref _parts[partNumber - 1], digests);

    /// <summary>A part's digest in <paramref name="algorithm"/>; null when its bytes did not all go through it (its
    /// first bytes passed before the algorithm was named, and it was not among those tried).</summary>
    /// <exception cref="InvalidOperationException">The part has not finished: a caller's bug.</exception>
    public PartDigest? Find(int partNumber, ChecksumAlgorithm algorithm)
    {
        if (Volatile.Read(ref _parts[partNumber - 1]) is { } digests)
        {
            foreach (PartDigest digest in digests)
            {
                if (digest.Algorithm == algorithm)
                {
                    return digest;
                }
            }

            return null;
        }

        if (Layout.LengthOf(partNumber) == 0)
        {
            // An empty part (an empty object) is never read, so nothing hashed it: its checksum is that of no bytes.
            using var empty = ChecksumHasher.Create(algorithm);
            return new PartDigest(algorithm, empty.ToBase64(), 0, []);
        }

        throw new InvalidOperationException($"Part {partNumber} of s3://{_bucketName}/{_key} was checked before its last byte was read.");
    }

    /// <summary>Whether every part went through <paramref name="algorithm"/>; otherwise the first that did not.</summary>
    public bool HasAll(ChecksumAlgorithm algorithm, out int missingPart)
    {
        for (int part = 1; part <= Layout.PartCount; part++)
        {
            if (Find(part, algorithm) is null)
            {
                missingPart = part;
                return false;
            }
        }

        missingPart = 0;
        return true;
    }

    /// <summary>The part's digest in <paramref name="algorithm"/>, which every part went through (<see cref="HasAll"/>).</summary>
    public PartDigest Get(int partNumber, ChecksumAlgorithm algorithm) => Find(partNumber, algorithm)!;

    /// <summary>Every part's checksum in <paramref name="algorithm"/>, in order (<see cref="HasAll"/>).</summary>
    public string[] PartChecksums(ChecksumAlgorithm algorithm)
    {
        var checksums = new string[Layout.PartCount];
        for (int part = 1; part <= checksums.Length; part++)
        {
            checksums[part - 1] = Get(part, algorithm).Checksum;
        }

        return checksums;
    }

    /// <summary>The whole object's checksum: the one part's, or the parts' CRCs combined in order; null for a digest
    /// (SHA) of several parts, which cannot be combined.</summary>
    public string? FullObject(ChecksumAlgorithm algorithm)
    {
        if (Layout.PartCount == 1)
        {
            return Get(1, algorithm).Checksum;
        }

        if (!FullObjectCrc.IsSupported(algorithm))
        {
            return null;
        }

        var combined = new FullObjectCrc(algorithm);
        for (int part = 1; part <= Layout.PartCount; part++)
        {
            combined.Add(part, Get(part, algorithm).Checksum, Layout.LengthOf(part));
        }

        return combined.Combine();
    }

    /// <summary>Whether this download's parts end exactly where <paramref name="ends"/> say the stored parts do.</summary>
    public bool LinesUpWith(IReadOnlyList<long> ends)
    {
        if (ends.Count != Layout.PartCount)
        {
            return false;
        }

        for (int part = 1; part <= ends.Count; part++)
        {
            if (Layout.EndOf(part) + 1 != ends[part - 1])
            {
                return false;
            }
        }

        return true;
    }
}
