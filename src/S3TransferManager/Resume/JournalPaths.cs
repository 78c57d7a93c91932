using System.Security.Cryptography;
using System.Text;

namespace S3TransferManager.Resume;

/// <summary>
/// Where each journal lives, named from what makes two requests identical: the endpoint, the bucket and key (or
/// prefix), and the local file or folder. Uploads' and directories' journals are in the resume folder; a download's is
/// beside its temporary file (or in the download journal folder), with an index entry in the resume folder naming it,
/// so that every resumable transfer can be listed from one place.
/// </summary>
internal sealed class JournalPaths(string resumeFolder, string? downloadFolder, string endpoint)
{
    /// <summary>A journal's file name ends so.</summary>
    public const string Extension = ".s3tm-journal";

    /// <summary>An index entry (a file holding the path of a download journal kept elsewhere) ends so.</summary>
    public const string IndexExtension = ".s3tm-journal-ref";

    /// <summary>A resumable download's temporary file ends so (a plain download's ends in .s3tmp alone).</summary>
    public const string TempSuffix = ".resume.s3tmp";

    public string ResumeFolder { get; } = resumeFolder;

    /// <summary>The S3 endpoint this utility talks to, as journals record it.</summary>
    public string Endpoint { get; } = endpoint;

    public string Upload(string bucket, string key, string sourceFullPath) =>
        Path.Combine(ResumeFolder, $"upload-{Id("upload", Endpoint, bucket, key, sourceFullPath)}{Extension}");

    public string Directory(bool upload, string bucket, string prefix, string localRoot) =>
        Path.Combine(ResumeFolder, $"{(upload ? "upload" : "download")}-dir-{Id(upload ? "upload-dir" : "download-dir", Endpoint, bucket, prefix, localRoot)}{Extension}");

    /// <summary>A download's journal, and the index entry that names it when it is not in the resume folder. One
    /// destination has one journal, whatever object it is asked for: a journal of another object is replaced.</summary>
    public (string Journal, string? IndexEntry) Download(string destinationFullPath)
    {
        string id = Id("download", destinationFullPath);
        return downloadFolder is null
            ? (Path.Combine(Path.GetDirectoryName(destinationFullPath)!, $".{Path.GetFileName(destinationFullPath)}{Extension}"),
                Path.Combine(ResumeFolder, $"download-{id}{IndexExtension}"))
            : (Path.Combine(downloadFolder, $"download-{id}{Extension}"), null);
    }

    /// <summary>A resumable download's temporary file: beside the destination, so the final rename never crosses file
    /// systems, and named from it, so an earlier run's is found again.</summary>
    public static string TempFile(string destinationFullPath) =>
        Path.Combine(Path.GetDirectoryName(destinationFullPath)!, $".{Path.GetFileName(destinationFullPath)}{TempSuffix}");

    private static string Id(params string[] parts) =>
        Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(string.Join('\n', parts))))[..32];
}
