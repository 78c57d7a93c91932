using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Csv;
using BenchmarkDotNet.Jobs;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>
/// The jobs of the transfer scenarios: one invocation per iteration (a transfer takes 0.1-10 s), one launch, and the
/// quick or full iteration counts; memory diagnoser, GiB/s column, markdown and CSV exporters.
/// </summary>
public static class TransferBenchConfig
{
    public static IConfig Create(bool quick)
    {
        Job job = Job.Default
            .WithStrategy(RunStrategy.Monitoring)
            .WithLaunchCount(1)
            .WithWarmupCount(quick ? 1 : 2)
            .WithIterationCount(quick ? 3 : 5)
            .WithId(quick ? "Quick" : "Full");

        return ManualConfig.CreateEmpty()
            .AddJob(job)
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddColumn(new ThroughputColumn())
            .AddColumn(RankColumn.Arabic)
            .AddLogger(BenchmarkDotNet.Loggers.ConsoleLogger.Default)
            .AddExporter(MarkdownExporter.GitHub)
            .AddExporter(CsvExporter.Default)
            .AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByParams, BenchmarkLogicalGroupRule.ByCategory)
            .WithOption(ConfigOptions.JoinSummary, false);
    }
}
