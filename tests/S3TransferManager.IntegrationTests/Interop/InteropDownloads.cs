using System.IO.Pipelines;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Interop;

/// <summary>One download of an object the way a test names it, to a file, through OpenStream's <see cref="Stream"/>,
/// or through its <see cref="PipeReader"/>: the SHA-256 of what arrived, what the response says was checked, or the
/// exception the download threw instead.</summary>
internal static class InteropDownloads
{
    public static readonly string[] Surfaces = ["file", "stream", "pipe"];

    /// <summary>A download's default opening, a GET of part 1 by number, which moto answers with the whole object.</summary>
    public const string ByPartNumber = "part-number";

    /// <summary>The opening with a ranged GET: a multipart object is then fetched in ranged parts.</summary>
    public const string ByRange = "range";

    public static readonly string[] Openings = [ByPartNumber, ByRange];

    /// <summary>A utility whose downloads open as <paramref name="opening"/> says.</summary>
    public static TransferUtility Utility(Amazon.S3.IAmazonS3 client, string opening) =>
        opening == ByRange ? S3TestContext.CreateRangedUtility(client) : new TransferUtility(client);

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
            byte[] read = surface == "pipe" ? await StreamReading.ReadAllAsync(open.PipeReader) : await StreamReading.ReadAllAsync(open.ResponseStream, "65536");
            return (TestData.Sha256(read), open.ChecksumValidation, null);
        }
        catch (Exception e) when (e is ChecksumMismatchException)
        {
            return (null, null, e);
        }
    }
}
