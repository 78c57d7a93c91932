using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Docs;

/// <summary>The README's quick start, compiled as pasted and run against moto, with the environment a user would set.</summary>
[Collection(MotoCollection.Name)]
public sealed class QuickStartRunTests(MotoServer moto)
{
    private static readonly string[] s_variables = ["S3_ENDPOINT", "S3_ACCESS_KEY", "S3_SECRET_KEY", "S3_BUCKET"];

    [Fact]
    public async Task QuickStart_RunAsPastedAgainstMoto_DownloadsTheObjectToTheFileItNames()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Bytes((9 * 1024 * 1024) + 5);   // two 8 MiB parts
        await s3.PutAsync("datasets/big.parquet", content);
        ReadmeSnippets.Block quickStart = ReadmeSnippets.FromReadme().First(b => b.Heading == "Quick start");
        Func<string[], Task> main = ReadmeSnippets.Load(ReadmeSnippets.Compile(quickStart.Code, "QuickStart"));
        string destination = s3.PathFor("big.parquet");   // passed as the first argument, as `dotnet run -- path` would
        Dictionary<string, string?> saved = s_variables.ToDictionary(v => v, Environment.GetEnvironmentVariable);
        try
        {
            // Only this test reads these names; every other client in the run gets its settings in code.
            Environment.SetEnvironmentVariable("S3_ENDPOINT", moto.ServiceUrl.ToString());
            Environment.SetEnvironmentVariable("S3_ACCESS_KEY", "test");
            Environment.SetEnvironmentVariable("S3_SECRET_KEY", "test");
            Environment.SetEnvironmentVariable("S3_BUCKET", s3.BucketName);

            await main([destination]).WaitAsync(TimeSpan.FromMinutes(2));

            Assert.Equal(TestData.Sha256(content), TestData.Sha256(await File.ReadAllBytesAsync(destination)));
        }
        finally
        {
            foreach ((string name, string? value) in saved)
            {
                Environment.SetEnvironmentVariable(name, value);
            }
        }
    }
}
