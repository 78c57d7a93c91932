using System.Collections.Concurrent;
using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Interop;

/// <summary>
/// Objects written to moto by boto3, the AWS CLI, the AWS SDK for .NET's TransferUtility and this library, downloaded
/// by this library to a file, through OpenStream (its Stream and its PipeReader) and inside a directory download: each
/// arrives byte-exact, no correct object is called corrupt, and the response says what was checked (a certain value, an
/// inferred reading, or why nothing was).
/// </summary>
[Collection(InteropCollection.Name)]
public sealed class OtherWritersDownloadTests(InteropFixture fixture) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-interop-").FullName;

    public static TheoryData<string, string, string> Downloads()
    {
        var data = new TheoryData<string, string, string>();
        foreach (InteropCase item in InteropCases.All)
        {
            foreach (string surface in InteropDownloads.Surfaces)
            {
                foreach (string opening in InteropDownloads.Openings)
                {
                    data.Add(item.Key, surface, opening);
                }
            }
        }

        return data;
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Theory]
    [MemberData(nameof(Downloads))]
    public async Task Download_ObjectWrittenByAnotherClient_ArrivesByteExactAndSaysWhatWasChecked(string key, string surface, string opening)
    {
        InteropCase item = InteropCases.Find(key);
        using AmazonS3Client client = S3TestContext.CreateClient(fixture.Moto.ServiceUrl, httpClientFactory: null);
        using TransferUtility utility = InteropDownloads.Utility(client, opening);

        (string? sha256, ChecksumValidationResult? validation, Exception? error) =
            await InteropDownloads.RunAsync(utility, fixture.BucketName, InteropFixture.Prefix + key, surface, _folder);

        (opening == InteropDownloads.ByPartNumber ? item.InOneRequest : item.Download).Check(validation, error, $"{key} by {surface}, {opening}");
        Assert.Equal(fixture.Sha256Of(key), sha256);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task DownloadDirectoryAsync_EveryWrittenObject_ArrivesByteExactAndEachSaysWhatWasChecked(bool oneRequestEach)
    {
        // Opened by part number (the default), every object is a single whole-object GET from moto, which carries its
        // checksum (with its -N and type, unlike the HEAD) and which the AWS SDK checks itself too; opened with a range,
        // a multipart object is fetched in ranged parts, and its checksum learned from the HEAD.
        using AmazonS3Client client = S3TestContext.CreateClient(fixture.Moto.ServiceUrl, httpClientFactory: null);
        using TransferUtility utility = InteropDownloads.Utility(client, oneRequestEach ? InteropDownloads.ByPartNumber : InteropDownloads.ByRange);
        var validations = new ConcurrentDictionary<string, ChecksumValidationResult?>();
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = fixture.BucketName, S3Directory = InteropFixture.Prefix, LocalDirectory = _folder,
        };
        request.ObjectDownloadCompletedEvent += (_, e) => validations[e.Request.Key!] = e.Response.ChecksumValidation;

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(request);

        Assert.True(response.ObjectsFailed == 0, string.Join("\n", response.Errors));
        Assert.Equal(InteropCases.All.Count, response.ObjectsDownloaded);
        foreach (InteropCase item in InteropCases.All)
        {
            (oneRequestEach ? item.InOneRequest : item.Download).Check(validations[InteropFixture.Prefix + item.Key], error: null, $"{item.Key} in a directory");
            Assert.Equal(fixture.Sha256Of(item.Key), TestData.Sha256OfFile(Path.Combine(_folder, item.Key)));
        }
    }
}
