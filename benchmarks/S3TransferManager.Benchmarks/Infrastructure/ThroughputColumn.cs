using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>"GiB/s": the object bytes one invocation moves (<see cref="ITransferScenario.BytesPerOperation"/>) over the mean time.</summary>
public sealed class ThroughputColumn : IColumn
{
    public string Id => nameof(ThroughputColumn);

    public string ColumnName => "GiB/s";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 0;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => "Object bytes moved per invocation / mean time, in GiB per second";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        BenchmarkReport? report = summary[benchmarkCase];
        double? meanNs = report?.ResultStatistics?.Mean;
        // A scenario whose bytes depend on its [Params] (DirectoryBenchmarks) knows them only after its setup: 0 here.
        if (meanNs is null or <= 0 || Activator.CreateInstance(benchmarkCase.Descriptor.Type) is not ITransferScenario { BytesPerOperation: > 0 } scenario)
        {
            return "NA";
        }

        double gibPerSecond = scenario.BytesPerOperation / (meanNs.Value / 1e9) / (1L << 30);
        return gibPerSecond.ToString(gibPerSecond >= 0.01 ? "0.000" : "G3", CultureInfo.InvariantCulture);
    }

    public bool IsAvailable(Summary summary) => true;

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;
}
