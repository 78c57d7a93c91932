using System.Buffers;
using Amazon.S3;
using S3TransferManager.Checksums;

namespace S3TransferManager.Sync;

/// <summary>
/// A local file's checksum in the form S3 stores one: over the whole file, or composite (the checksum of the checksums
/// of consecutive parts of the given sizes, <c>value-N</c>), for an object uploaded in parts of a known layout.
/// </summary>
internal static class LocalChecksum
{
    public static async Task<string> FullObjectAsync(ChecksumAlgorithm algorithm, string path, CancellationToken cancellationToken)
    {
        FileStream file = Open(path);
        await using (file.ConfigureAwait(false))
        {
            return await ChecksumHasher.ComputeAsync(algorithm, file, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <returns>The composite checksum, <c>value-N</c>; null when the file ends before the parts do.</returns>
    public static async Task<string?> CompositeAsync(ChecksumAlgorithm algorithm, string path, IReadOnlyList<long> partSizes,
        CancellationToken cancellationToken)
    {
        var partChecksums = new List<string>(partSizes.Count);
        byte[] buffer = ArrayPool<byte>.Shared.Rent(TransferLimits.BufferSize);
        try
        {
            FileStream file = Open(path);
            await using (file.ConfigureAwait(false))
            {
                foreach (long size in partSizes)
                {
                    using ChecksumHasher hasher = ChecksumHasher.Create(algorithm);
                    for (long left = size; left > 0;)
                    {
                        int read = await file.ReadAsync(buffer.AsMemory(0, (int)Math.Min(left, TransferLimits.BufferSize)), cancellationToken).ConfigureAwait(false);
                        if (read == 0)
                        {
                            return null;
                        }

                        hasher.Append(buffer.AsSpan(0, read));
                        left -= read;
                    }

                    partChecksums.Add(hasher.ToBase64());
                }
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }

        return ChecksumHasher.Composite(algorithm, partChecksums);
    }

    private static FileStream Open(string path) => new(path, new FileStreamOptions
    {
        Mode = FileMode.Open, Access = FileAccess.Read, Share = FileShare.ReadWrite | FileShare.Delete,
        BufferSize = 0, Options = FileOptions.Asynchronous | FileOptions.SequentialScan,
    });
}
