using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests.Kill;

/// <summary>
/// One kind of copy to kill: its cp arguments, the objects it moves (key and length), which requests carry its parts,
/// and how many of those may pass before the kill so that at least one is still to come. Objects to download are put
/// by the AWS SDK for .NET in one PutObject; files to upload are written here. Parts are 5 MiB; the last of each
/// object is shorter, and one small object in each folder goes by a single request.
/// </summary>
internal sealed record KillScenario(string[] Command, IReadOnlyDictionary<string, long> Lengths, S3Operation PartOperation, int MaxPassed,
    string Local, bool Up)
{
    public const int PartSize = 5 * MiB;
    private const int MiB = 1024 * 1024;

    /// <summary>Keys and lengths of a folder's objects: two that go in parts, one that does not.</summary>
    private static readonly (string Name, int Length)[] s_tree = [("a.bin", 17 * MiB), ("sub/b.bin", 21 * MiB), ("c.txt", MiB)];

    public long Total => Lengths.Values.Sum();

    public static async Task<KillScenario> CreateAsync(string kind, string bucket, string folder, IAmazonS3 s3)
    {
        switch (kind)
        {
            case "upload":
            {
                string file = Path.Combine(folder, "f.bin");
                await File.WriteAllBytesAsync(file, TestData.Bytes(23 * MiB, seed: 23));
                // Five parts: after at most three pass, two are held, or one and the object's completion.
                return new(["cp", file, $"s3://{bucket}/f.bin"], new Dictionary<string, long> { ["f.bin"] = 23 * MiB }, S3Operation.UploadPart, 3, file, Up: true);
            }

            case "download":
                await PutAsync(s3, bucket, "f.bin", 23 * MiB);
                return new(["cp", $"s3://{bucket}/f.bin", Path.Combine(folder, "f.bin")], new Dictionary<string, long> { ["f.bin"] = 23 * MiB },
                    S3Operation.GetObject, 3, folder, Up: false);
            case "upload-dir":
            {
                string tree = Path.Combine(folder, "tree");
                foreach ((string name, int length) in s_tree)
                {
                    string path = Path.Combine(tree, name);
                    Directory.CreateDirectory(Path.GetDirectoryName(path)!);
                    await File.WriteAllBytesAsync(path, TestData.Bytes(length, seed: length));
                }

                // Nine parts (the small file goes by PutObject, never held).
                return new(["cp", "-r", tree, $"s3://{bucket}/tree"], s_tree.ToDictionary(f => "tree/" + f.Name, f => (long)f.Length),
                    S3Operation.UploadPart, 7, tree, Up: true);
            }

            default:
                foreach ((string name, int length) in s_tree)
                {
                    await PutAsync(s3, bucket, "tree/" + name, length);
                }

                // Ten GETs: nine parts and the small object.
                string target = Path.Combine(folder, "tree");
                return new(["cp", "-r", $"s3://{bucket}/tree", target], s_tree.ToDictionary(f => "tree/" + f.Name, f => (long)f.Length),
                    S3Operation.GetObject, 8, target, Up: false);
        }
    }

    /// <summary>The SHA-256 of each object's bytes, by key, as they were first written.</summary>
    public Dictionary<string, string> Expected() => Lengths.ToDictionary(o => o.Key, o => TestData.Sha256(TestData.Bytes((int)o.Value,
        seed: Lengths.Count == 1 ? 23 : (int)o.Value)));

    /// <summary>The SHA-256 of each downloaded file, by key.</summary>
    public Dictionary<string, string> Downloaded() => Lengths.ToDictionary(o => o.Key, o => TestData.Sha256OfFile(
        Lengths.Count == 1 ? Path.Combine(Local, "f.bin") : Path.Combine(Local, o.Key["tree/".Length..])));

    private static async Task PutAsync(IAmazonS3 s3, string bucket, string key, int length)
    {
        using var body = new MemoryStream(TestData.Bytes(length, seed: key == "f.bin" ? 23 : length));
        await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket, Key = key, InputStream = body, ContentType = "application/octet-stream" });
    }
}
