using System.Net;
using Microsoft.Extensions.Logging.Abstractions;
using S3TransferManager.Download;
using S3TransferManager.IntegrationTests.Infrastructure;
using static S3TransferManager.IntegrationTests.Resume.ResumeSetup;

namespace S3TransferManager.IntegrationTests.Resume;

/// <summary>A directory transfer in which one big object failed (a server error, which a later attempt may not meet),
/// asked for again with resume on: the objects that finished are not moved again, the big one sends or fetches only
/// its missing parts, and nothing is left after.</summary>
[Collection(MotoCollection.Name)]
public sealed class DirectoryResumeTests(MotoServer moto)
{
    private const int PartSize = 5 * MiB;

    private static readonly (string Name, int Size)[] s_files = [("big-a.bin", 24 * MiB), ("big-b.bin", 20 * MiB), ("sub/small-1.txt", MiB), ("small-2.txt", 2 * MiB)];

    [Fact]
    public async Task UploadDirectoryWithResponseAsync_OneFileFailedAtPart3_SecondRunSendsOnlyItsMissingParts()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string folder = s3.PathFor("tree");
        Dictionary<string, byte[]> files = Write(folder);
        using TransferUtility utility = s3.CreateUtility(Config(s3));
        await UploadWithBigBFailedAtPart3Async(s3, utility, folder);

        TransferUtilityUploadDirectoryResponse second = await utility.UploadDirectoryWithResponseAsync(Request(s3, folder));

        Assert.Equal(4, second.ObjectsUploaded);
        Assert.Equal(0, second.ObjectsFailed);
        Assert.Equal(Total() - (2 * PartSize), second.ResumedBytes);
        Assert.Equal(2 * PartSize, second.TransferredBytes);
        // Only big-b's parts 3 and 4 went out, and its upload was completed.
        Assert.Equal(["/big-b.bin?partNumber=3", "/big-b.bin?partNumber=4"],
            s3.Handler.Requests.Where(r => r.Method == "PUT").Select(r => r.Uri.AbsolutePath[r.Uri.AbsolutePath.LastIndexOf('/')..]
                + "?partNumber=" + System.Web.HttpUtility.ParseQueryString(r.Uri.Query)["partNumber"]).Order());
        foreach ((string name, byte[] content) in files)
        {
            Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "p/" + name));
        }

        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task UploadDirectoryWithResponseAsync_StoppedAfterAFilesUploadCompletedBeforeItsOwnJournalWent_SecondRunSendsNoneOfItAndLeavesNoJournal()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string folder = s3.PathFor("tree");
        Dictionary<string, byte[]> files = Write(folder);
        using TransferUtility utility = s3.CreateUtility(Config(s3));
        await UploadWithBigBFailedAtPart3Async(s3, utility, folder);

        // What a run stopped between big-a's CompleteMultipartUpload and deleting big-a's own journal leaves: the object
        // is stored, the directory journal lists the file finished, and big-a's journal names an upload that is gone.
        await UploadWithCompleteAnswerLostAsync(moto, s3, new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "p/big-a.bin", FilePath = Path.Combine(folder, "big-a.bin"), PartSize = PartSize,
        });
        Assert.Equal(3, Journals(s3).Length); // the directory's, big-b's and big-a's

        TransferUtilityUploadDirectoryResponse second = await utility.UploadDirectoryWithResponseAsync(Request(s3, folder));

        Assert.Equal(4, second.ObjectsUploaded);
        Assert.Equal(2 * PartSize, second.TransferredBytes);
        Assert.DoesNotContain(s3.Handler.Requests, r => r.Method is "PUT" or "POST" && r.Uri.AbsolutePath.EndsWith("/big-a.bin", StringComparison.Ordinal));
        foreach ((string name, byte[] content) in files)
        {
            Assert.Equal(TestData.Sha256(content), await Boto3Reader.Sha256Async(moto, s3.BucketName, "p/" + name));
        }

        await UploadAssertions.AssertNoOpenUploadsAsync(s3);
        Assert.Empty(Journals(s3));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_OneObjectFailedAtPart3_SecondRunFetchesOnlyItsMissingParts()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        Dictionary<string, byte[]> objects = await PutAllAsync(s3);

        string folder = s3.PathFor("out");
        using TransferUtility utility = new(s3.Client, Config(s3), null, new EngineTuning { DownloadLookahead = false, OpenByPartNumber = false });
        await DownloadWithBigBFailedAtPart3Async(s3, utility, folder);

        TransferUtilityDownloadDirectoryResponse second = await utility.DownloadDirectoryWithResponseAsync(DownloadRequest(s3, folder));

        Assert.Equal(0, second.ObjectsFailed);
        Assert.Equal(Total() - (2 * PartSize), second.ResumedBytes);
        Assert.Equal(2 * PartSize, second.TransferredBytes);
        // The listing, then big-b's parts 3 and 4: nothing else was fetched.
        RequestRecord[] objectGets = [.. s3.Handler.Gets.Where(r => !r.HasQuery("list-type"))];
        Assert.All(objectGets, r => Assert.EndsWith("/big-b.bin", r.Uri.AbsolutePath, StringComparison.Ordinal));
        Assert.Equal([$"bytes={2 * PartSize}-{(3 * PartSize) - 1}", $"bytes={3 * PartSize}-{(4 * PartSize) - 1}"],
            objectGets.Select(r => r.Range!).Order());
        foreach ((string name, byte[] content) in objects)
        {
            Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(Path.Combine(folder, name)));
        }

        Assert.Empty(Journals(s3));
        Assert.Empty(Directory.GetFiles(folder, ".*", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_StoppedAfterAnObjectsRenameBeforeItsOwnJournalWent_SecondRunSkipsItAndLeavesNoJournal()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        Dictionary<string, byte[]> objects = await PutAllAsync(s3);
        string folder = s3.PathFor("out");
        using TransferUtility utility = new(s3.Client, Config(s3), null, new EngineTuning { DownloadLookahead = false, OpenByPartNumber = false });
        await DownloadWithBigBFailedAtPart3Async(s3, utility, folder);

        // What a run stopped between renaming big-a over its file and deleting big-a's own journal leaves: the
        // directory journal lists big-a finished, and big-a's journal names a temporary file that is no longer there.
        string bigA = Path.Combine(folder, "big-a.bin");
        await InterruptAsync(s3, r => r.IsGet && r.Range == $"bytes={2 * PartSize}-{(3 * PartSize) - 1}",
            token => utility.DownloadWithResponseAsync(new TransferUtilityDownloadRequest
            {
                BucketName = s3.BucketName, Key = "p/big-a.bin", FilePath = bigA, PartSize = PartSize,
            }, token));
        string temp = Assert.Single(Directory.GetFiles(folder, ".big-a.bin*.s3tmp"));
        File.Delete(temp);
        Assert.Equal(3, Journals(s3).Length); // the directory's, big-b's and big-a's

        TransferUtilityDownloadDirectoryResponse second = await utility.DownloadDirectoryWithResponseAsync(DownloadRequest(s3, folder));

        Assert.Equal(0, second.ObjectsFailed);
        Assert.DoesNotContain(s3.Handler.Gets, r => r.Uri.AbsolutePath.EndsWith("/big-a.bin", StringComparison.Ordinal));
        foreach ((string name, byte[] content) in objects)
        {
            Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(Path.Combine(folder, name)));
        }

        Assert.Empty(Journals(s3));
        Assert.Empty(Directory.GetFiles(folder, ".*", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_FailedObjectReplacedByASmallOneBetweenRuns_SecondRunClearsItsJournalAndTemporaryFile()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        Dictionary<string, byte[]> objects = await PutAllAsync(s3);
        string folder = s3.PathFor("out");
        using TransferUtility utility = new(s3.Client, Config(s3), null, new EngineTuning { DownloadLookahead = false, OpenByPartNumber = false });
        await DownloadWithBigBFailedAtPart3Async(s3, utility, folder);
        Assert.Single(Directory.GetFiles(folder, ".big-b.bin*.s3tmp"));

        // Now one GET fetches big-b whole: the second run keeps no journal for it, and what the first run left goes.
        objects["big-b.bin"] = TestData.Payload(MiB, seed: 5);
        await s3.PutAsync("p/big-b.bin", objects["big-b.bin"]);
        TransferUtilityDownloadDirectoryResponse second = await utility.DownloadDirectoryWithResponseAsync(DownloadRequest(s3, folder));

        Assert.Equal(0, second.ObjectsFailed);
        foreach ((string name, byte[] content) in objects)
        {
            Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(Path.Combine(folder, name)));
        }

        Assert.Empty(Journals(s3));
        Assert.Empty(Directory.GetFiles(folder, ".*", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task FileDownloadCommand_Finishing_SeesTheCompleteFileBeforeTheRenameWithTheLengthAndTimeTheDestinationKeeps()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(3 * PartSize, seed: 7);
        await s3.PutAsync("p/three-parts.bin", content);
        string destination = s3.PathFor("three-parts.bin");
        var resources = new TransferResources(s3.Client, Config(s3).Validated(), NullLogger.Instance, System.Buffers.ArrayPool<byte>.Shared);
        (long Length, DateTime LastWrite, bool DestinationThere, string? ETag)? seen = null;

        await new FileDownloadCommand(resources, new TransferUtilityDownloadRequest
            {
                BucketName = s3.BucketName, Key = "p/three-parts.bin", FilePath = destination, PartSize = PartSize,
            },
            (written, eTag) => seen = (written.Length, written.LastWriteTimeUtc, File.Exists(destination), eTag))
            .ExecuteAsync(CancellationToken.None);

        Assert.NotNull(seen);
        var after = new FileInfo(destination);
        Assert.False(seen.Value.DestinationThere);
        Assert.Equal(content.Length, seen.Value.Length);
        Assert.Equal(after.Length, seen.Value.Length);
        Assert.Equal(after.LastWriteTimeUtc, seen.Value.LastWrite);
        Assert.Equal((await s3.Client.GetObjectMetadataAsync(s3.BucketName, "p/three-parts.bin")).ETag, seen.Value.ETag);
        Assert.Equal(TestData.Sha256(content), TestData.Sha256OfFile(destination));
    }

    /// <summary>The first run of a folder upload: big-b's part 3 refused with a server error, so big-b fails and the
    /// directory journal is kept with the other files finished.</summary>
    private static async Task UploadWithBigBFailedAtPart3Async(S3TestContext s3, TransferUtility utility, string folder)
    {
        s3.Handler.FaultRule = r => r.Uri.AbsolutePath.EndsWith("/big-b.bin", StringComparison.Ordinal) && IsUploadPart(r, 3)
            ? new Fault.Status(HttpStatusCode.InternalServerError, "InternalError") : null;
        Assert.Equal(1, (await utility.UploadDirectoryWithResponseAsync(Request(s3, folder))).ObjectsFailed);
        s3.Handler.Reset();
    }

    /// <summary>The first run of a folder download: big-b's third range refused with a server error, so big-b fails and
    /// the directory journal is kept with the other objects finished.</summary>
    private static async Task DownloadWithBigBFailedAtPart3Async(S3TestContext s3, TransferUtility utility, string folder)
    {
        s3.Handler.FaultRule = r => r.IsGet && r.Uri.AbsolutePath.EndsWith("/big-b.bin", StringComparison.Ordinal)
            && r.Range == $"bytes={2 * PartSize}-{(3 * PartSize) - 1}"
            ? new Fault.Status(HttpStatusCode.InternalServerError, "InternalError") : null;
        Assert.Equal(1, (await utility.DownloadDirectoryWithResponseAsync(DownloadRequest(s3, folder))).ObjectsFailed);
        s3.Handler.Reset();
    }

    private static async Task<Dictionary<string, byte[]>> PutAllAsync(S3TestContext s3)
    {
        var objects = new Dictionary<string, byte[]>();
        foreach ((string name, int size) in s_files)
        {
            objects[name] = TestData.Payload(size, seed: size);
            await s3.PutAsync("p/" + name, objects[name]);
        }

        return objects;
    }

    private static Dictionary<string, byte[]> Write(string folder)
    {
        var files = new Dictionary<string, byte[]>();
        foreach ((string name, int size) in s_files)
        {
            string path = Path.Combine(folder, name);
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            files[name] = TestData.Payload(size, seed: size);
            File.WriteAllBytes(path, files[name]);
        }

        return files;
    }

    private static long Total() => s_files.Sum(f => (long)f.Size);

    private static TransferUtilityUploadDirectoryRequest Request(S3TestContext s3, string folder) => new()
    {
        BucketName = s3.BucketName, Directory = folder, KeyPrefix = "p/", SearchOption = SearchOption.AllDirectories, PartSize = PartSize,
        FailurePolicy = FailurePolicy.ContinueOnFailure,
    };

    private static TransferUtilityDownloadDirectoryRequest DownloadRequest(S3TestContext s3, string folder)
    {
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "p", LocalDirectory = folder, FailurePolicy = FailurePolicy.ContinueOnFailure,
        };
        request.DownloadDirectoryFileRequestEvent += (_, e) => e.DownloadRequest.PartSize = PartSize;
        return request;
    }
}
