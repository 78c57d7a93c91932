using Amazon.Runtime;
using Amazon.S3;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3.ServerHabits;

/// <summary>Clients and temporary files for the tests of the endpoint's server habits: each test starts an endpoint of
/// its own with the habit under test.</summary>
internal static class HabitEndpoint
{
    public const string Bucket = "bucket";

    public static async Task<InMemoryS3Server> StartAsync(InMemoryS3Options options)
    {
        InMemoryS3Server server = await InMemoryS3Server.StartAsync(options);
        server.CreateBucket(Bucket);
        return server;
    }

    /// <summary>An AWS SDK client at its defaults (checksums when supported), or with both checksum settings at
    /// WHEN_REQUIRED, the setting for servers that refuse checksum headers.</summary>
    public static AmazonS3Client CreateClient(InMemoryS3Server server, bool checksumsWhenRequired = false)
    {
        var config = new AmazonS3Config { ServiceURL = server.ServiceUrl.ToString(), ForcePathStyle = true, AuthenticationRegion = "us-east-1" };
        if (checksumsWhenRequired)
        {
            config.RequestChecksumCalculation = RequestChecksumCalculation.WHEN_REQUIRED;
            config.ResponseChecksumValidation = ResponseChecksumValidation.WHEN_REQUIRED;
        }

        return new AmazonS3Client(new BasicAWSCredentials("test", "test"), config);
    }

    public static HttpClient CreateHttpClient(InMemoryS3Server server) => new() { BaseAddress = server.ServiceUrl };

    /// <summary>A file of <paramref name="length"/> bytes of <see cref="InMemoryS3Content"/> in a folder of its own.</summary>
    public static async Task<string> CreateFileAsync(int length, int seed)
    {
        string folder = Directory.CreateTempSubdirectory("inmemory-habit-").FullName;
        string path = Path.Combine(folder, "source.bin");
        await File.WriteAllBytesAsync(path, InMemoryS3Content.Create(length, seed));
        return path;
    }

    public static void DeleteFolderOf(string path) => Directory.Delete(Path.GetDirectoryName(path)!, recursive: true);
}
