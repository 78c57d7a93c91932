using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests.Kill;

/// <summary>
/// The steps every kill test shares: waiting until the child is where it is to be killed (the proxy holds a part, the
/// seeded number passed, and the journals record every byte the server answered), waiting until the proxy has seen the
/// killed run's connections close, and checking that a finished run left nothing behind. Every wait is bounded.
/// </summary>
internal static class KillPoint
{
    private static readonly TimeSpan PollStep = TimeSpan.FromMilliseconds(10);
    private const int MaxPolls = 6000;

    /// <summary>Until the proxy holds a part, <paramref name="passed"/> parts were answered, and the journals under
    /// <paramref name="journals"/> record every byte the server answered (the run must get there within a minute).</summary>
    public static async Task WaitAsync(ChildS3tm child, FaultInjectingProxy proxy, Task held, KillScenario scenario, DataRequests names, int passed,
        string journals)
    {
        for (int poll = 0; poll < MaxPolls; poll++)
        {
            if (child.HasExited)
            {
                Assert.Fail($"s3tm ended before the kill point: {await child.StderrAsync()}");
            }

            ProxiedRequest[] done = [.. proxy.Requests.Where(r => DataRequests.IsData(r) && DataRequests.Answered(r))];
            if (held.IsCompleted && done.Count(r => r.Operation == scenario.PartOperation) >= passed
                && JournalProbe.RecordedBytes(journals, scenario.Local) >= done.Sum(names.Bytes))
            {
                return;
            }

            await Task.Delay(PollStep);
        }

        Assert.Fail("The kill point was not reached within a minute.");
    }

    /// <summary>The held requests are recorded when the killed client's connections close; returns the index of the
    /// last request of the killed run.</summary>
    public static async Task<int> WaitUntilAllRecordedAsync(FaultInjectingProxy proxy)
    {
        for (int poll = 0; poll < MaxPolls; poll++)
        {
            int arrived = proxy.Arrived;
            if (proxy.Requests.Count == arrived)
            {
                return arrived;
            }

            await Task.Delay(PollStep);
        }

        throw new TimeoutException("The proxy did not see the killed run's connections close.");
    }

    /// <summary>No open multipart upload, no journal, and (downloads) nothing beside the downloaded files.</summary>
    public static async Task AssertNothingLeftAsync(IAmazonS3 s3, string bucket, KillScenario scenario, string journals)
    {
        ListMultipartUploadsResponse open = await s3.ListMultipartUploadsAsync(bucket);
        Assert.Empty(open.MultipartUploads ?? []);
        Assert.Empty(Directory.Exists(journals) ? Directory.EnumerateFiles(journals) : []);
        if (!scenario.Up)
        {
            // No journal and no temporary file beside the downloaded files: all that is there is what was asked for.
            Assert.Equal(scenario.Lengths.Count, Directory.EnumerateFiles(scenario.Local, "*", SearchOption.AllDirectories).Count());
        }
    }
}
