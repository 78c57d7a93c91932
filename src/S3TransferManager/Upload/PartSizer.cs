using S3TransferManager.Internal;

namespace S3TransferManager.Upload;

/// <summary>Chooses part sizes that respect S3's limits: at least 5 MiB (except the last part), at most 10,000 parts.</summary>
internal static class PartSizer
{
    /// <summary>The requested part size, grown to ceil(length / 10,000) when the object would otherwise need more than
    /// 10,000 parts.</summary>
    public static long ForKnownLength(long length, long requestedPartSize)
    {
        long needed = (length + TransferLimits.MaxPartCount - 1) / TransferLimits.MaxPartCount;
        return Math.Max(Math.Max(requestedPartSize, needed), TransferLimits.MinPartSize);
    }

    /// <summary>How many parts of <paramref name="partSize"/> hold <paramref name="length"/> bytes (at least one).</summary>
    public static int PartCount(long length, long partSize) => (int)Math.Max(1, (length + partSize - 1) / partSize);
}
