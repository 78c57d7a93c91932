using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.IntegrationTests.Interop;

/// <summary>
/// The same objects, with one byte of the first GET's body flipped by a fault-injecting proxy in front of moto:
/// wherever the stored value's meaning is certain the download throws <see cref="ChecksumMismatchException"/> and
/// writes nothing; where it was inferred, no reading matches the corrupt bytes, and the download is reported as not
/// validated (a correct object read the wrong way would look the same), as the table in docs/integrity.md says.
/// </summary>
[Collection(InteropCollection.Name)]
public sealed class OtherWritersFlippedByteTests(InteropFixture fixture) : IDisposable
{
    /// <summary>Inside the first part of every object, whatever its size.</summary>
    private const long FlipOffset = 1000;

    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-interop-").FullName;

    public static TheoryData<string, string, string> Downloads()
    {
        var data = new TheoryData<string, string, string>();
        foreach (InteropCase item in InteropCases.All)
        {
            foreach (string opening in InteropDownloads.Openings)
            {
                data.Add(item.Key, "file", opening);
                data.Add(item.Key, "stream", opening);
            }
        }

        return data;
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Theory]
    [MemberData(nameof(Downloads))]
    public async Task Download_OneByteFlippedOnTheWay_DetectedWhereverTheMeaningIsCertain(string key, string surface, string opening)
    {
        InteropCase item = InteropCases.Find(key);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(fixture.Moto.ServiceUrl);
        proxy.Plan.Nth(Infrastructure.FaultProxy.S3Operation.GetObject, 1, new FlipByte(FlipOffset), InteropFixture.Prefix + key);
        using AmazonS3Client client = S3TestContext.CreateClient(proxy.Url, httpClientFactory: null);
        using TransferUtility utility = InteropDownloads.Utility(client, opening);

        (string? sha256, ChecksumValidationResult? validation, Exception? error) =
            await InteropDownloads.RunAsync(utility, fixture.BucketName, InteropFixture.Prefix + key, surface, _folder);

        (opening == InteropDownloads.ByPartNumber ? item.FlippedInOneRequest : item.Flipped).Check(validation, error, $"{key} by {surface}, {opening}, flipped");
        Assert.NotEqual(fixture.Sha256Of(key), sha256);
    }
}
