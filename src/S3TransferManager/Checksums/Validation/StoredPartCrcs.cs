namespace S3TransferManager.Checksums.Validation;

/// <summary>
/// The CRC of each stored part of an object with a composite CRC checksum, from this download's part digests, whatever
/// the two layouts are (the uploader's parts are often 5 MiB, ours 8 MiB with a shrinking tail): a stored part's CRC
/// is the difference of the object's CRCs at its two ends (<see cref="PrefixCrcs"/>). No byte is read twice and the
/// download's layout stays what is fastest.
/// </summary>
internal static class StoredPartCrcs
{
    /// <summary>Each stored part's CRC, given where the stored parts end (object offsets, ascending, the last at the
    /// object's end); <see langword="null"/> when a stored part ends where this download kept no running CRC (the parts
    /// were listed after the hashing passed that byte, off the 1 MiB grid), with that byte's offset in
    /// <paramref name="unknownOffset"/>.</summary>
    public static ulong[]? TryCompute(PrefixCrcs prefix, IReadOnlyList<long> storedPartEnds, out long unknownOffset)
    {
        var crcs = new ulong[storedPartEnds.Count];
        long start = 0;
        ulong before = 0; // The CRC of no bytes.
        for (int index = 0; index < storedPartEnds.Count; index++)
        {
            long end = storedPartEnds[index];
            if (!prefix.TryGetAt(end, out ulong through))
            {
                unknownOffset = end;
                return null;
            }

            crcs[index] = Checksums.CrcCombine.Combine(prefix.Algorithm, before, through, end - start);
            before = through;
            start = end;
        }

        unknownOffset = -1;
        return crcs;
    }
}
