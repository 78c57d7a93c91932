namespace S3TransferManager.Checksums.Validation;

/// <summary>A part's running CRC after its first <paramref name="Offset"/> bytes.</summary>
internal readonly record struct CrcCheckpoint(long Offset, ulong Crc);
