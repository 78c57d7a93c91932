using System.Security.Cryptography;
using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Interop;

/// <summary>
/// A moto of its own (so these tests run beside the other moto tests), with every <see cref="InteropCases"/> object
/// written once by its client under <see cref="Prefix"/>; the tests only read them. Keeps each object's SHA-256, not
/// its bytes, to compare downloads with.
/// </summary>
public sealed class InteropFixture : IAsyncLifetime
{
    public const string Prefix = "written-by/";

    private readonly Dictionary<string, string> _sha256 = [];
    private string _folder = "";

    public MotoServer Moto { get; } = new();

    public string BucketName { get; } = "interop-" + Guid.NewGuid().ToString("N")[..12];

    /// <summary>The SHA-256 (upper-case hex) of the bytes written under <paramref name="key"/>.</summary>
    public string Sha256Of(string key) => _sha256[key];

    public async Task InitializeAsync()
    {
        await Moto.InitializeAsync();
        _folder = Directory.CreateTempSubdirectory("s3tm-interop-").FullName;
        using (AmazonS3Client client = S3TestContext.CreateClient(Moto.ServiceUrl, httpClientFactory: null))
        {
            await client.PutBucketAsync(BucketName);
        }

        var files = new Dictionary<string, string>();
        int seed = 0;
        foreach (InteropCase item in InteropCases.All)
        {
            byte[] content = TestData.Payload(item.Length, seed: ++seed);
            string file = Path.Combine(_folder, item.Key);
            await File.WriteAllBytesAsync(file, content);
            files[Prefix + item.Key] = file;
            _sha256[item.Key] = Convert.ToHexString(SHA256.HashData(content));
        }

        await InteropWriters.WriteAllAsync(Moto, BucketName, [.. InteropCases.All.Select(c => c with { Key = Prefix + c.Key })], files);
        Directory.Delete(_folder, recursive: true);
    }

    public async Task DisposeAsync()
    {
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }

        await Moto.DisposeAsync();
    }
}

/// <summary>The interop tests share one <see cref="InteropFixture"/>.</summary>
[CollectionDefinition(Name)]
public sealed class InteropCollection : ICollectionFixture<InteropFixture>
{
    public const string Name = "interop";
}
