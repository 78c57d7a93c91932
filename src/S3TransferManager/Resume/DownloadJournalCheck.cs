using System.Buffers;
using System.Globalization;
using Microsoft.Win32.SafeHandles;
using S3TransferManager.Checksums;
using S3TransferManager.Checksums.Validation;

namespace S3TransferManager.Resume;

/// <summary>
/// Checks the parts an earlier run of a download wrote before any is trusted: each part's bytes are read back from the
/// temporary file and hashed, and must match their record (a crash or a power loss can leave a recorded part's pages
/// unwritten; anything can change a file). The same read feeds the download's checksum validation, as if the bytes had
/// just arrived. A part that does not match is fetched again.
/// </summary>
internal static class DownloadJournalCheck
{
    /// <summary>The parts to fetch (the first GET's part first, then the rest in order), the bytes of the parts that
    /// checked out, and why each other recorded part did not.</summary>
    internal sealed record Result(IReadOnlyList<int> ToFetch, long ResumedBytes, IReadOnlyList<string> Problems);

    public static async Task<Result> RunAsync(string tempPath, IReadOnlyList<DownloadedPart> earlier, ResumePoint resume,
        Func<int, PartHasher?> validationHasher, ArrayPool<byte> pool, CancellationToken cancellationToken)
    {
        // Reading the file touches the disk synchronously: off the caller's thread.
        await Task.CompletedTask.ConfigureAwait(ConfigureAwaitOptions.ForceYielding);
        var good = new HashSet<int>();
        var problems = new List<string>();
        long resumed = 0;
        byte[] buffer = pool.Rent(TransferLimits.BufferSize);
        try
        {
            using SafeFileHandle file = File.OpenHandle(tempPath, FileMode.Open, FileAccess.Read, FileShare.Read);
            foreach (DownloadedPart part in earlier)
            {
                if (part.Part == resume.FirstPart)
                {
                    // Every part was written: the first GET fetched this one again to pin the object, and it is written again.
                    continue;
                }

                cancellationToken.ThrowIfCancellationRequested();
                if (Matches(file, part, validationHasher, buffer))
                {
                    good.Add(part.Part);
                    resumed += part.Length;
                }
                else
                {
                    problems.Add(string.Create(CultureInfo.InvariantCulture,
                        $"part {part.Part} (bytes {part.Start}-{part.Start + part.Length - 1}) no longer matches its checksum in the temporary file; it is fetched again"));
                }
            }
        }
        finally
        {
            pool.Return(buffer);
        }

        int[] toFetch = [resume.FirstPart, .. Enumerable.Range(1, resume.Layout.PartCount).Where(p => p != resume.FirstPart && !good.Contains(p))];
        return new Result(toFetch, resumed, problems);
    }

    /// <summary>Whether the part's bytes hash to its record; its bytes also go to the download's checksum validation
    /// (<paramref name="validationHasher"/>), which records them only when they match.</summary>
    private static bool Matches(SafeFileHandle file, DownloadedPart part, Func<int, PartHasher?> validationHasher, byte[] buffer)
    {
        if (!JournalChecksum.TryParse(part.Checksum, out Amazon.S3.ChecksumAlgorithm algorithm, out string expected))
        {
            return false;
        }

        using PartHasher? validation = validationHasher(part.Part);
        using ChecksumHasher hasher = ChecksumHasher.Create(algorithm);
        long offset = part.Start;
        long end = part.Start + part.Length;
        while (offset < end)
        {
            int read = RandomAccess.Read(file, buffer.AsSpan(0, (int)Math.Min(TransferLimits.BufferSize, end - offset)), offset);
            if (read == 0)
            {
                return false;
            }

            hasher.Append(buffer.AsSpan(0, read));
            validation?.Append(buffer.AsSpan(0, read));
            offset += read;
        }

        if (hasher.ToBase64() != expected)
        {
            return false;
        }

        validation?.Finish();
        return true;
    }
}
