namespace S3TransferManager.Cli.Commands;

/// <summary>
/// cp's two arguments, checked against each other and the local file system before any credentials are looked up or
/// any request is sent, so every mistake in them is a usage error (exit 2) with one line that says what to do.
/// </summary>
internal sealed record CopyArguments(bool Up, bool Recursive, string Local, S3Location Remote)
{
    public const string Stdio = "-";

    public static CopyArguments Check(string source, string destination, bool recursive)
    {
        bool up = S3Location.IsS3(destination);
        if (up == S3Location.IsS3(source))
        {
            // Both s3:// is a server-side copy, which does not come here.
            throw new UsageException("cp needs an s3:// side: cp FILE s3://bucket/key, cp s3://bucket/key FILE, or cp s3://bucket/key s3://bucket/key2.");
        }

        if (recursive && (source == Stdio || destination == Stdio))
        {
            throw new UsageException("--recursive copies folders; '-' (stdin/stdout) is a single object.");
        }

        string local = up ? source : destination;
        S3Location remote = S3Location.Parse(up ? destination : source);
        switch (up, recursive)
        {
            case (true, false):
                CheckUploadSource(local, remote);
                break;
            case (false, false):
                remote.RequireKey("add -r (--recursive) to copy every object under a prefix");
                if (local != Stdio)
                {
                    // A folder (or a name ending in '/') takes the object's name, as with cp.
                    if (Directory.Exists(local) || local.EndsWith('/') || local.EndsWith(Path.DirectorySeparatorChar))
                    {
                        local = Path.Combine(local, remote.Key[(remote.Key.LastIndexOf('/') + 1)..]);
                    }

                    CheckFoldersOnTheWay(Path.GetDirectoryName(Path.GetFullPath(local)), local);
                }

                break;
            case (true, true) when !Directory.Exists(local):
                throw new UsageException(File.Exists(local)
                    ? $"'{local}' is a file: -r (--recursive) copies folders; drop -r to copy one file."
                    : $"No such folder: {local}");
            case (false, true) when File.Exists(local):
                throw new UsageException($"'{local}' is a file: -r (--recursive) downloads into a folder.");
            case (false, true):
                CheckFoldersOnTheWay(Path.GetFullPath(local), local);
                break;
        }

        return new CopyArguments(up, recursive, local, remote);
    }

    /// <summary>A download to a/b/c needs a and a/b to be folders (or not exist yet): a file among them is a usage
    /// error that names it, rather than the file system's "Not a directory" after the first request.</summary>
    private static void CheckFoldersOnTheWay(string? innermost, string destination)
    {
        for (string? folder = innermost; !string.IsNullOrEmpty(folder); folder = Path.GetDirectoryName(folder))
        {
            if (File.Exists(folder))
            {
                throw new UsageException($"'{folder}' is a file, so '{destination}' cannot be written inside it: give a path whose folders are folders.");
            }

            if (Directory.Exists(folder))
            {
                return;
            }
        }
    }

    private static void CheckUploadSource(string local, S3Location remote)
    {
        if (local == Stdio)
        {
            if (remote.Key.Length == 0 || remote.Key.EndsWith('/'))
            {
                throw new UsageException("Uploading stdin needs a full key: cp - s3://bucket/key.");
            }

            return;
        }

        if (Directory.Exists(local))
        {
            throw new UsageException($"'{local}' is a folder: add -r (--recursive) to copy it with its subfolders.");
        }

        if (!File.Exists(local))
        {
            throw new UsageException($"No such file: {local}");
        }
    }
}
