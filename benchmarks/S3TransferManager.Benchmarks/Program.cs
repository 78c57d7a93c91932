using BenchmarkDotNet.Running;
using S3TransferManager.Benchmarks.Infrastructure;
using S3TransferManager.Benchmarks.Loh;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Benchmarks;

/// <summary>
/// Entry point. The first argument picks a mode: <c>quick</c> (256 MiB, 1 warmup, 3 iterations), <c>full</c> (1 GiB,
/// 2 warmups, 5 iterations), <c>loh</c> (each transfer once in process, LOH and allocated bytes) or <c>cold</c> (the
/// first transfer in fresh processes, <see cref="Cold.ColdStartMode"/>) or <c>interleaved</c> (the download
/// methods in alternating rounds, <see cref="Interleaved.InterleavedMode"/>) or <c>directory-events</c> (what counting a
/// folder first and concurrent objects cost the directory events, <see cref="Events.DirectoryEventsMode"/>) or <c>tail</c>
/// (hedging off against on with 1% of requests slow, <see cref="Tail.TailLatencyMode"/>) or <c>first-request</c> (the S3
/// client's first use in fresh processes, <see cref="Cold.FirstRequestMode"/>) or <c>moto</c> (against moto beside the
/// AWS SDK, <see cref="Moto.MotoMode"/>); the rest go to
/// BenchmarkDotNet's switcher (for example <c>--filter '*Download*'</c>). Without a mode, the switcher runs with its
/// defaults (for the buffering micro-benchmarks).
/// </summary>
public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        string mode = args.Length > 0 ? args[0].ToLowerInvariant() : "";
        string[] rest = args.Length > 0 ? args[1..] : args;
        if (mode is "quick" or "loh-quick" or "cold" or "interleaved" or "tail")
        {
            BenchmarkSettings.SetDefault(BenchmarkSettings.SizeVariable, 256);
            BenchmarkSettings.SetDefault(BenchmarkSettings.SmallCountVariable, 200);
        }

        PassServerAssemblyToChildren();
        switch (mode)
        {
            case "quick":
            case "full":
                BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(rest, TransferBenchConfig.Create(quick: mode == "quick"));
                return 0;
            case "cold":
                int runs = int.Parse(OptionValue(rest, "--runs") ?? "5", System.Globalization.CultureInfo.InvariantCulture);
                NetworkProfile[] profiles = [.. (OptionValue(rest, "--profile") ?? "S3Like").Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
                    .Select(name => Enum.Parse<NetworkProfile>(name, ignoreCase: true))];
                return await Cold.ColdStartMode.RunAsync(runs, profiles, OptionValue(rest, "--out"), OptionValue(rest, "--clients"),
                    OptionValue(rest, "--scenarios"));
            case "interleaved":
                return await Interleaved.InterleavedMode.RunAsync(
                    int.Parse(OptionValue(rest, "--rounds") ?? "7", System.Globalization.CultureInfo.InvariantCulture),
                    OptionValue(rest, "--filter"), OptionValue(rest, "--methods"), OptionValue(rest, "--out"),
                    OptionValue(rest, "--params"), OptionValue(rest, "--baseline"));
            case "tail":
                return await Tail.TailLatencyMode.RunAsync(
                    int.Parse(OptionValue(rest, "--rounds") ?? "40", System.Globalization.CultureInfo.InvariantCulture), OptionValue(rest, "--out"));
            case "directory-events":
                return await Events.DirectoryEventsMode.RunAsync(
                    int.Parse(OptionValue(rest, "--files") ?? "200000", System.Globalization.CultureInfo.InvariantCulture));
            case "many-keys":
                return await ManyKeys.ManyKeysMode.RunAsync(
                    int.Parse(OptionValue(rest, "--keys") ?? "100000", System.Globalization.CultureInfo.InvariantCulture),
                    Enum.Parse<NetworkProfile>(OptionValue(rest, "--profile") ?? "Raw", ignoreCase: true));
            case "moto":
                return await Moto.MotoMode.RunAsync(
                    int.Parse(OptionValue(rest, "--runs") ?? "10", System.Globalization.CultureInfo.InvariantCulture),
                    [.. (OptionValue(rest, "--sizes") ?? "200,1024").Split(',').Select(size => int.Parse(size, System.Globalization.CultureInfo.InvariantCulture))],
                    int.Parse(OptionValue(rest, "--busy") ?? "0", System.Globalization.CultureInfo.InvariantCulture),
                    OptionValue(rest, "--scenarios"), OptionValue(rest, "--out"));
            case "cold-one":
                return await Cold.ColdTransfer.RunAsync(rest);
            case "first-request":
                return await Cold.FirstRequestMode.RunAsync(
                    int.Parse(OptionValue(rest, "--runs") ?? "5", System.Globalization.CultureInfo.InvariantCulture));
            case "first-request-one":
                return await Cold.FirstRequestMode.RunOneAsync(rest);
            case "loh":
            case "loh-quick":
                string? output = OptionValue(rest, "--out");
                return await LohMode.RunAsync(output, OptionValue(rest, "--filter"));
            default:
                BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
                return 0;
        }
    }

    /// <summary>
    /// The endpoint's dll next to this program has a runtimeconfig.json; BenchmarkDotNet's generated project's copy
    /// may not, so the children (which inherit the environment) are told where the runnable one is.
    /// </summary>
    private static void PassServerAssemblyToChildren()
    {
        string path = typeof(InMemoryS3Process).Assembly.Location;
        if (File.Exists(Path.ChangeExtension(path, ".runtimeconfig.json")))
        {
            Environment.SetEnvironmentVariable(BenchmarkSettings.ServerAssemblyVariable, path);
        }
    }

    private static string? OptionValue(string[] args, string name)
    {
        int index = Array.IndexOf(args, name);
        return index >= 0 && index + 1 < args.Length ? args[index + 1] : null;
    }
}
