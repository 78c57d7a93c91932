using System.Diagnostics.CodeAnalysis;
using S3TransferManager.Benchmarks.Infrastructure;

namespace S3TransferManager.Benchmarks.Cold;

/// <summary>What one profile's runs measured: each client's samples per scenario, and each peer's start-up times.</summary>
internal sealed class ColdProfileResults(NetworkProfile profile, long size)
{
    private readonly Dictionary<(string Client, string Scenario), List<ColdSample>> _samples = [];

    public NetworkProfile Profile { get; } = profile;

    /// <summary>The object's size in bytes.</summary>
    public long Size { get; } = size;

    /// <summary>Each peer's program run doing nothing, in milliseconds, once per transfer.</summary>
    public Dictionary<string, List<double>> PeerStartups { get; } = [];

    public void Add(string client, string scenario, ColdSample sample)
    {
        if (!_samples.TryGetValue((client, scenario), out var list))
        {
            _samples[(client, scenario)] = list = [];
        }

        list.Add(sample);
    }

    public bool TryGet(string client, string scenario, [MaybeNullWhen(false)] out List<ColdSample> samples) =>
        _samples.TryGetValue((client, scenario), out samples);

    /// <summary>The median first-transfer throughput in GiB/s, or NaN when the client did not run the scenario.</summary>
    public double ColdGibPerSecond(string client, string scenario) =>
        TryGet(client, scenario, out var samples) ? GibPerSecond(Median(samples.Select(s => s.Cold))) : double.NaN;

    /// <summary>The median second-transfer throughput in GiB/s (NaN for peers and stdin, which have none).</summary>
    public double WarmGibPerSecond(string client, string scenario) =>
        TryGet(client, scenario, out var samples) ? GibPerSecond(Median(samples.Select(s => s.Warm))) : double.NaN;

    public double GibPerSecond(double milliseconds) => Size / (double)(1 << 30) / (milliseconds / 1000);

    public static double Median(IEnumerable<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length == 0 ? double.NaN
            : sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }
}
