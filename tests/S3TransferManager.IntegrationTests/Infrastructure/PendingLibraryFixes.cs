namespace S3TransferManager.IntegrationTests.Infrastructure;

/// <summary>
/// The skip reasons of tests that describe the library's correct behaviour against a server habit it does not handle
/// yet. Each test runs as soon as its Skip is removed; the in-memory endpoint's habit and the real-server run reproduce
/// the failure.
/// </summary>
public static class PendingLibraryFixes
{
    public const string ChecksumCalculationWhenRequired =
        "library fix pending: with AmazonS3Config.RequestChecksumCalculation = WHEN_REQUIRED the library still sends its "
        + "default CRC32 checksum headers, which servers without checksum support (Backblaze B2) refuse with 400.";

    public const string ChecksumValidationWhenRequired =
        "library fix pending: with AmazonS3Config.ResponseChecksumValidation = WHEN_REQUIRED the library still sends "
        + "x-amz-checksum-mode: ENABLED on downloads, which servers without checksum support (Backblaze B2) refuse with 400.";
}
