namespace S3TransferManager.Checksums.Validation;

/// <summary>A download's check against the stored checksum (null when validation is off), the lookup that learns the
/// stored checksum alongside the parts (completed when none is needed), and what stops that lookup.</summary>
internal sealed record ChecksumLookupRun(DownloadChecksumValidator? Validator, Task Lookup, CancellationTokenSource Stop);
