using System.Globalization;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>
/// How <c>cold-one</c> times its second, warm phase, from the environment, for profiling a process that has run the
/// transfer many times already: <c>S3TM_WARM_SKIP</c> untimed transfers first (default 0: tiered compilation needs
/// a dozen 1 GiB downloads to settle), then <c>S3TM_WARM_REPEAT</c> timed ones (default 1; 0: no warm phase, as the
/// <c>moto</c> mode runs it), whose time and CPU are averaged. <c>S3TM_PERF_CONTROL</c> names a <c>perf record --control fifo:PATH</c> (with <c>-D -1</c>) that is
/// told <c>enable</c> as the timed transfers start, so a profile holds only them.
/// </summary>
internal sealed record WarmPhase(int Skip, int Repeat, string? PerfControl)
{
    public static WarmPhase FromEnvironment() => new(
        Count("S3TM_WARM_SKIP", 0), Math.Max(0, Count("S3TM_WARM_REPEAT", 1)), Environment.GetEnvironmentVariable("S3TM_PERF_CONTROL"));

    /// <summary>Tells perf, if it waits, to start sampling now.</summary>
    public void StartProfile()
    {
        if (PerfControl is not null)
        {
            File.WriteAllText(PerfControl, "enable\n");
        }
    }

    private static int Count(string name, int fallback) =>
        Environment.GetEnvironmentVariable(name) is { Length: > 0 } text ? int.Parse(text, CultureInfo.InvariantCulture) : fallback;
}
