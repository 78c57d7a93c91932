using Amazon.S3.Model;

namespace S3TransferManager.Cli.Commands;

/// <summary>What a recursive operation acts on, filtered: the files under a folder, or the objects under a prefix,
/// each with its path below the root ('/' separated), in the order the AWS CLI lists them (by that path).</summary>
internal static class BatchSources
{
    public static IReadOnlyList<(string Path, string Relative, long Size)> Files(string folder, PathFilter filter)
    {
        string root = Path.GetFullPath(folder);
        return [.. Directory.EnumerateFiles(root, "*", SearchOption.AllDirectories)
            .Select(path => (Path: path, Relative: Path.GetRelativePath(root, path).Replace(Path.DirectorySeparatorChar, '/'), Size: new FileInfo(path).Length))
            .Where(file => filter.Includes(file.Relative))
            .OrderBy(file => file.Relative, StringComparer.Ordinal)];
    }

    /// <param name="calls">The utility's calls.</param>
    /// <param name="prefix">The bucket and the prefix, which ends with '/' or is empty (a whole bucket).</param>
    /// <param name="filter">The rules, applied to each key's path below the prefix.</param>
    /// <param name="token">Cancels the listing.</param>
    public static async Task<IReadOnlyList<(string Key, string Relative, long Size)>> ObjectsAsync(UtilityCalls calls, S3Location prefix, PathFilter filter,
        CancellationToken token)
    {
        var objects = new List<(string, string, long)>();
        var request = new ListObjectsV2Request { BucketName = prefix.Bucket, Prefix = prefix.Key };
        ListObjectsV2Response response;
        do
        {
            response = await calls.S3.ListObjectsV2Async(request, calls.Slot, token);
            foreach (S3Object item in response.S3Objects ?? [])
            {
                string relative = item.Key[prefix.Key.Length..];
                if (filter.Includes(relative))
                {
                    objects.Add((item.Key, relative, item.Size ?? 0));
                }
            }

            request.ContinuationToken = response.NextContinuationToken;
        }
        while (response.IsTruncated == true);
        return objects;
    }

    /// <summary>A key's path below its prefix as a file under <paramref name="folder"/>, or null when it would land
    /// outside the folder (an absolute path, a '..' segment) or names a folder rather than a file (ends in '/').</summary>
    public static string? LocalPath(string folder, string relative)
    {
        string[] segments = relative.Split('/');
        if (relative.Length == 0 || relative.EndsWith('/') || relative.StartsWith('/') || segments.Any(s => s is ".." or "."))
        {
            return null;
        }

        return Path.Combine([folder, .. segments]);
    }
}
