using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests.Kill;

/// <summary>
/// s3tm cp killed with SIGKILL after three of a file's five parts were stored, then something changed before the same
/// command runs again: a stored part's bytes changed in the source file, the multipart upload aborted, the object
/// overwritten, one written range of the download's temporary file corrupted. The second run must end with what is
/// there now (the changed file's bytes, as boto3 reads them back; the new object), say in its result what it could not
/// take over, move again only what changed (one part, or everything when the upload or the object is gone), and leave
/// no journal, temporary file or open multipart upload.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class KillThenFaultTests(MotoServer moto) : IDisposable
{
    private const int Passed = 3;
    private const int FlippedOffset = 1234;
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-kill-fault-").FullName;

    private string Journals => Path.Combine(_folder, "journals");

    [Fact]
    public Task Upload_StoredPartChangedInTheFile_SendsThatPartAgain() =>
        RunAsync("upload", async (_, _, scenario) =>
        {
            FlipByte(scenario.Local);
            return await File.ReadAllBytesAsync(scenario.Local);
        }, expectResumed: true, restart: "part 1:");

    [Fact]
    public Task Upload_UploadAbortedBetweenRuns_StartsANewUpload() =>
        RunAsync("upload", async (s3, bucket, scenario) =>
        {
            ListMultipartUploadsResponse open = await s3.ListMultipartUploadsAsync(bucket);
            MultipartUpload upload = Assert.Single(open.MultipartUploads);
            await s3.AbortMultipartUploadAsync(bucket, upload.Key, upload.UploadId);
            return await File.ReadAllBytesAsync(scenario.Local);
        }, expectResumed: false, restart: "is gone");

    [Fact]
    public Task Download_ObjectOverwrittenBetweenRuns_StartsOverOnTheNewObject() =>
        RunAsync("download", async (s3, bucket, scenario) =>
        {
            byte[] replacement = TestData.Bytes((int)scenario.Total, seed: 99);
            using var body = new MemoryStream(replacement);
            await s3.PutObjectAsync(new PutObjectRequest { BucketName = bucket, Key = "f.bin", InputStream = body });
            return replacement;
        }, expectResumed: false, restart: "object changed");

    [Fact]
    public Task Download_WrittenRangeCorruptedOnDisk_FetchesThatPartAgain() =>
        RunAsync("download", (_, _, scenario) =>
        {
            FlipByte(Path.Combine(scenario.Local, ".f.bin.resume.s3tmp"));
            return Task.FromResult(TestData.Bytes((int)scenario.Total, seed: 23));
        }, expectResumed: true, restart: "part 1 ");

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    /// <summary>Kills the first run with parts 1 to 3 stored, applies <paramref name="fault"/> (which returns the bytes the
    /// object must end with), runs the same command again, and checks what it moved, said and left.</summary>
    private async Task RunAsync(string kind, Func<IAmazonS3, string, KillScenario, Task<byte[]>> fault, bool expectResumed, string restart)
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using AmazonS3Client s3 = MotoBucket.Client(moto.ServiceUrl.ToString());
        KillScenario scenario = await KillScenario.CreateAsync(kind, bucket.Name, _folder, s3);
        var names = new DataRequests(scenario.Lengths, KillScenario.PartSize);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        // Downloads open with a range, as from a server that serves no parts by number, so they have parts to kill between.
        proxy.RefusesPartNumberGets = true;
        var held = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        proxy.Plan.From(scenario.PartOperation, Passed + 1, new ProxyFault.Hold(held));
        string[] args = [.. scenario.Command, "--part-size", "5MiB", "--concurrency", "2", "--journal-folder", Journals,
            "--endpoint", proxy.Url.ToString(), "--path-style", "--json"];
        using (ChildS3tm first = ChildS3tm.Start(args))
        {
            await KillPoint.WaitAsync(first, proxy, held.Task, scenario, names, Passed, Journals);
            await first.KillAsync();
        }

        int boundary = await KillPoint.WaitUntilAllRecordedAsync(proxy);
        ProxiedRequest[] answered = [.. proxy.Requests.Where(r => DataRequests.IsData(r) && DataRequests.Answered(r))];
        HashSet<string> answeredNames = [.. answered.Select(names.Name)];
        long recordedAtKill = JournalProbe.RecordedBytes(Journals, scenario.Local);
        byte[] expected = await fault(s3, bucket.Name, scenario);
        proxy.Plan.Clear();

        using ChildS3tm second = ChildS3tm.Start(args);
        (int exitCode, System.Text.Json.Nodes.JsonNode? result, string stderr) = await second.WaitAsync();

        Assert.True(exitCode == 0, $"The second run failed ({exitCode}): {stderr}");
        string[] again = [.. proxy.Requests.Where(r => r.Index > boundary && DataRequests.IsData(r)).Select(names.Name).Where(answeredNames.Contains)];
        string story = $"{kind}: {recordedAtKill} bytes journaled at the kill; stored parts moved again: {string.Join(", ", again)}; {result}";
        long resumed = (long)result!["resumedBytes"]!;
        string[] restarts = [.. result["resumeRestarts"]!.AsArray().Select(r => (string)r!)];
        Assert.True(restarts.Any(r => r.Contains(restart, StringComparison.Ordinal)), story);
        if (expectResumed)
        {
            // Only part 1 changed: the other stored parts are taken over, part 1 moves again.
            Assert.Equal(recordedAtKill - KillScenario.PartSize, resumed);
            Assert.True(again.Length == 1 && again[0] == names.Name(answered.First(r => names.Bytes(r) > 0 && IsPart1(r))), story);
        }
        else
        {
            // Nothing of the first run can be used: every stored part moves again.
            Assert.Equal(0, resumed);
            Assert.Equal(answeredNames.Count, again.Distinct().Count());
        }

        Assert.Equal(scenario.Total, resumed + (long)result["transferredBytes"]!);
        string actual = scenario.Up
            ? (await Boto3PrefixReader.Sha256ByKeyAsync(moto, bucket.Name, "f.bin"))["f.bin"]
            : TestData.Sha256OfFile(Path.Combine(scenario.Local, "f.bin"));
        Assert.Equal(TestData.Sha256(expected), actual);
        await KillPoint.AssertNothingLeftAsync(s3, bucket.Name, scenario, Journals);
    }

    /// <summary>The request that carried the object's first part (part number 1, or the range from byte 0).</summary>
    private static bool IsPart1(ProxiedRequest r) => r.Operation == S3Operation.UploadPart
        ? r.Target.Contains("partNumber=1&", StringComparison.Ordinal) || r.Target.EndsWith("partNumber=1", StringComparison.Ordinal)
        : r.Range?.StartsWith("bytes=0-", StringComparison.Ordinal) == true;

    /// <summary>Flips one byte of the first part, in place.</summary>
    private static void FlipByte(string path)
    {
        using FileStream file = File.Open(path, FileMode.Open, FileAccess.ReadWrite);
        file.Position = FlippedOffset;
        int value = file.ReadByte();
        file.Position = FlippedOffset;
        file.WriteByte((byte)(value ^ 0x5A));
    }
}
