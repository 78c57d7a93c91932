namespace S3TransferManager.Benchmarks.Cold;

/// <summary>One fresh process's figures in milliseconds: the first transfer's and the second's wall time, and the
/// process's CPU time during each (NaN where not measured: a peer's process reports only its wall time); and for a
/// .NET client the Large Object Heap allocation ticks during both transfers (null for a peer, -1 when unknown).</summary>
internal sealed record ColdSample(double Cold, double Warm, double ColdCpu, double WarmCpu, int? LohTicks = null);
