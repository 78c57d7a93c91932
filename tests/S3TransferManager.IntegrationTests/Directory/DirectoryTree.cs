namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>Writes a local tree of files and knows each one's relative path ('/' separated) and SHA-256.</summary>
internal static class DirectoryTree
{
    public static Dictionary<string, string> Write(string root, IEnumerable<(string RelativePath, byte[] Content)> files)
    {
        var hashes = new Dictionary<string, string>();
        foreach ((string relative, byte[] content) in files)
        {
            string path = Path.Combine([root, .. relative.Split('/')]);
            System.IO.Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllBytes(path, content);
            hashes[relative] = TestData.Sha256(content);
        }

        return hashes;
    }

    /// <summary>Every file under <paramref name="root"/> as relative path -> SHA-256.</summary>
    public static Dictionary<string, string> Read(string root) =>
        System.IO.Directory.EnumerateFiles(root, "*", SearchOption.AllDirectories).ToDictionary(
            path => Path.GetRelativePath(root, path).Replace(Path.DirectorySeparatorChar, '/'),
            TestData.Sha256OfFile);

    public static IEnumerable<(string, byte[])> SmallFiles(int count, string folder = "many")
    {
        for (int i = 0; i < count; i++)
        {
            yield return ($"{folder}/f{i:D4}.bin", TestData.Payload(100 + (i % 37), seed: i + 2));
        }
    }
}
