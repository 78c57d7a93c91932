using System.Buffers;
using System.IO.Hashing;
using System.Text;

namespace S3TransferManager.Sync;

/// <summary>
/// Which keys one of <see cref="Count"/> cooperating processes handles: those whose relative key (the part after the
/// source or destination prefix, '/' separated) hashes to <see cref="Index"/>. The hash is XxHash64 with seed 0 of the
/// key's UTF-8 bytes, the same on every machine, runtime and process (unlike <see cref="string.GetHashCode()"/>), so N
/// processes given indexes 0..N-1 split one sync into disjoint parts that together cover every key once. A source
/// object and the destination entry it replaces or deletes share a relative key, so they land in the same shard.
/// </summary>
internal readonly record struct SyncShard(int Index, int Count)
{
    public static readonly SyncShard All = new(0, 1);

    public bool Owns(string relativeKey) => Count <= 1 || Of(relativeKey, Count) == Index;

    /// <summary>The shard of <paramref name="relativeKey"/> among <paramref name="count"/>.</summary>
    public static int Of(string relativeKey, int count)
    {
        int length = Encoding.UTF8.GetMaxByteCount(relativeKey.Length);
        byte[]? rented = length > 512 ? ArrayPool<byte>.Shared.Rent(length) : null;
        Span<byte> bytes = rented ?? stackalloc byte[512];
        try
        {
            int written = Encoding.UTF8.GetBytes(relativeKey, bytes);
            return (int)(XxHash64.HashToUInt64(bytes[..written]) % (ulong)count);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }
    }
}
