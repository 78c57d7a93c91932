namespace S3TransferManager.Cli.Commands;

/// <summary>One object operation of a batch (cp -r with filters or --dryrun, mv -r, rm -r): what its line names, its
/// size, and what it does.</summary>
/// <param name="Source">A local path or s3:// address.</param>
/// <param name="Destination">Where it goes, or null for a delete.</param>
/// <param name="Bytes">Its size, for the totals.</param>
/// <param name="Run">The operation itself.</param>
internal sealed record BatchItem(string Source, string? Destination, long Bytes, Func<CancellationToken, Task> Run);
