namespace S3TransferManager.Benchmarks.Cold;

/// <summary>Another S3 client run as a fresh process per transfer, with the other clients' settings: 10 requests at
/// once and parts of <see cref="Infrastructure.BenchmarkSettings.PartSize"/>.</summary>
internal interface IPeer
{
    /// <summary>The row's name (<c>--clients</c>).</summary>
    string Name { get; }

    /// <summary>How long the program takes to start and exit doing nothing, in milliseconds: the process start-up its
    /// transfer times include and the .NET clients' times do not.</summary>
    Task<double> StartupAsync();

    /// <summary>One transfer in a fresh process; its wall time in milliseconds, start-up included.</summary>
    /// <param name="scenario"><c>file</c> (download <paramref name="key"/> to <paramref name="path"/>) or <c>upload</c>
    /// (upload <paramref name="path"/>).</param>
    Task<double> TransferAsync(string scenario, string key, string path);
}
