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

    /// <summary>Downloads <paramref name="key"/> to <paramref name="path"/> in a fresh process; its wall time in
    /// milliseconds, start-up included (as the other methods).</summary>
    Task<double> DownloadAsync(string key, string path);

    /// <summary>Uploads the file at <paramref name="path"/> to <paramref name="key"/>.</summary>
    Task<double> UploadAsync(string path, string key);

    /// <summary>Uploads what it reads from its standard input (a pipe: <paramref name="size"/> zero bytes, then its
    /// end) to <paramref name="key"/>, as <c>producer | client</c> would.</summary>
    Task<double> UploadStdinAsync(string key, long size);
}
