using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests.Kill;

/// <summary>
/// s3tm cp killed with SIGKILL mid-copy, then the same command run again: a file up and down, a folder up and down.
/// Each seed chooses how many part requests the proxy lets through; every later one is held unanswered, so at the kill
/// exactly those are in flight. The kill comes once the journals record every part the server answered. The second
/// run must end byte-exact (boto3 reads uploads back), send again at most the parts that were in flight plus one, say
/// so in its result (resumedBytes, transferredBytes, matching what crossed the wire), and leave no journal, temporary
/// file or open multipart upload.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class KillResumeTests(MotoServer moto) : IDisposable
{
    private const int Concurrency = 2;
    private readonly string _folder = Directory.CreateTempSubdirectory("s3tm-kill-").FullName;

    private string Journals => Path.Combine(_folder, "journals");

    public static TheoryData<string, int> Cases()
    {
        var cases = new TheoryData<string, int>();
        int seed = 1;
        foreach ((string kind, int count) in new[] { ("upload", 6), ("download", 6), ("upload-dir", 4), ("download-dir", 4) })
        {
            for (int i = 0; i < count; i++)
            {
                cases.Add(kind, seed++);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Cp_KilledAtASeededPart_SameCommandMovesOnlyWhatWasNotDone(string kind, int seed)
    {
        MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using AmazonS3Client s3 = MotoBucket.Client(moto.ServiceUrl.ToString());
        KillScenario scenario = await KillScenario.CreateAsync(kind, bucket.Name, _folder, s3);
        var names = new DataRequests(scenario.Lengths, KillScenario.PartSize);
        int passed = new Random(seed).Next(1, scenario.MaxPassed + 1);
        await using FaultInjectingProxy proxy = await FaultInjectingProxy.StartAsync(moto.ServiceUrl);
        // Downloads open with a range, as from a server that serves no parts by number, so they have parts to kill between.
        proxy.RefusesPartNumberGets = true;
        var held = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        proxy.Plan.From(scenario.PartOperation, passed + 1, new ProxyFault.Hold(held));
        string[] args = [.. scenario.Command, "--part-size", "5MiB", "--concurrency", $"{Concurrency}", "--journal-folder", Journals,
            "--endpoint", proxy.Url.ToString(), "--path-style", "--json"];

        using (ChildS3tm first = ChildS3tm.Start(args))
        {
            await KillPoint.WaitAsync(first, proxy, held.Task, scenario, names, passed, Journals);
            await first.KillAsync();
        }

        int boundary = await KillPoint.WaitUntilAllRecordedAsync(proxy);
        ProxiedRequest[] firstRun = [.. proxy.Requests.Where(DataRequests.IsData)];
        var answered = firstRun.Where(DataRequests.Answered).Select(names.Name).ToHashSet();
        ProxiedRequest[] inFlight = [.. firstRun.Where(r => !DataRequests.Answered(r))];
        long answeredBytes = firstRun.Where(DataRequests.Answered).Sum(names.Bytes);
        long recordedAtKill = JournalProbe.RecordedBytes(Journals, scenario.Local);
        proxy.Plan.Clear();

        using ChildS3tm second = ChildS3tm.Start(args);
        (int exitCode, System.Text.Json.Nodes.JsonNode? result, string stderr) = await second.WaitAsync();

        Assert.True(exitCode == 0, $"The second run failed ({exitCode}): {stderr}");
        ProxiedRequest[] secondRun = [.. proxy.Requests.Where(r => r.Index > boundary && DataRequests.IsData(r))];
        ProxiedRequest[] resent = [.. secondRun.Where(r => answered.Contains(names.Name(r)) || inFlight.Any(f => names.Name(f) == names.Name(r)))];
        long transferred = (long)result!["transferredBytes"]!;
        long resumed = (long)result["resumedBytes"]!;
        string story = $"{kind}, seed {seed}: {passed} part requests passed, {inFlight.Length} in flight at the kill, {recordedAtKill} bytes journaled; "
            + $"again: {string.Join(", ", resent.Select(names.Name))}";
        Assert.True(secondRun.Count(r => answered.Contains(names.Name(r))) <= 1, story);
        Assert.True(resent.Sum(names.Bytes) <= (inFlight.Length * (long)KillScenario.PartSize) + KillScenario.PartSize, story);
        Assert.True(recordedAtKill >= answeredBytes, story);
        Assert.True(resumed >= answeredBytes - KillScenario.PartSize, story);
        Assert.Equal(scenario.Total, resumed + transferred);
        Assert.Equal(secondRun.Sum(names.Bytes), transferred);

        Assert.Equal(scenario.Expected(), scenario.Up
            ? await Boto3PrefixReader.Sha256ByKeyAsync(moto, bucket.Name, scenario.Lengths.Count == 1 ? "f.bin" : "tree/")
            : scenario.Downloaded());
        await KillPoint.AssertNothingLeftAsync(s3, bucket.Name, scenario, Journals);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
