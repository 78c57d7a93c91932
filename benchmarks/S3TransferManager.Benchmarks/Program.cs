using BenchmarkDotNet.Running;

namespace S3TransferManager.Benchmarks;

/// <summary>Entry point: pick benchmarks with BenchmarkDotNet's switcher (for example <c>--filter '*Chunked*'</c>).</summary>
public static class Program
{
    public static void Main(string[] args) => BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
}
