using System.IO.Pipelines;
using System.Security.Cryptography;

namespace S3TransferManager.IntegrationTests.Interop;

/// <summary>One download of an object the way a test names it, to a file, through OpenStream's <see cref="Stream"/>,
/// or through its <see cref="PipeReader"/>: the SHA-256 of what arrived, what the response says was checked, or the
/// exception the download threw instead.</summary>
internal static class InteropDownloads
{
    public static readonly string[] Surfaces = ["file", "stream", "pipe"];

    public static async Task<(string? Sha256, ChecksumValidationResult? Validation, Exception? Error)> RunAsync(
        TransferUtility utility, string bucket, string key, string surface, string folder)
    {
        try
        {
            if (surface == "file")
            {
                string path = Path.Combine(folder, Guid.NewGuid().ToString("N"));
                try
                {
                    TransferUtilityDownloadResponse response = await utility.DownloadWithResponseAsync(
                        new TransferUtilityDownloadRequest { BucketName = bucket, Key = key, FilePath = path });
                    return (TestData.Sha256OfFile(path), response.ChecksumValidation, null);
                }
                catch (Exception)
                {
                    Assert.False(File.Exists(path), "a failed download left its destination");
                    throw;
                }
                finally
                {
                    File.Delete(path);
                }
            }

            await using TransferUtilityOpenStreamResponse open = await utility.OpenStreamWithResponseAsync(
                new TransferUtilityOpenStreamRequest { BucketName = bucket, Key = key });
            using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
            if (surface == "pipe")
            {
                await ReadAsync(open.PipeReader, hash);
            }
            else
            {
                await ReadAsync(open.ResponseStream, hash);
            }

            return (Convert.ToHexString(hash.GetHashAndReset()), open.ChecksumValidation, null);
        }
        catch (Exception e) when (e is ChecksumMismatchException)
        {
            return (null, null, e);
        }
    }

    private static async Task ReadAsync(Stream stream, IncrementalHash hash)
    {
        byte[] buffer = new byte[64 * 1024];
        int read;
        while ((read = await stream.ReadAsync(buffer)) > 0)
        {
            hash.AppendData(buffer, 0, read);
        }
    }

    private static async Task ReadAsync(PipeReader reader, IncrementalHash hash)
    {
        while (true)
        {
            ReadResult result = await reader.ReadAsync();
            foreach (ReadOnlyMemory<byte> segment in result.Buffer)
            {
                hash.AppendData(segment.Span);
            }

            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                return;
            }
        }
    }
}
