namespace CompatScenarios.Surface;

/// <summary>The members of Amazon.S3.Transfer (AWSSDK.S3 4.0.104.5) with no counterpart of the same name here, each
/// group with its reason in the README's table. A member added to the library must leave this list.</summary>
internal static class NotSupported
{
    public static readonly string[] Members =
    [
        // Response types the SDK lets callers construct; here only the library creates them.
        "TransferUtilityAbortMultipartUploadsResponse",
        "TransferUtilityDownloadDirectoryResponse..ctor()",
        "TransferUtilityOpenStreamResponse..ctor()",
        "TransferUtilityUploadDirectoryResponse..ctor()",

        // Precomputed checksums and the declared multipart size: the library computes checksums itself and knows the size.
        "TransferUtilityUploadRequest.ChecksumCRC32",
        "TransferUtilityUploadRequest.ChecksumCRC32C",
        "TransferUtilityUploadRequest.ChecksumCRC64NVME",
        "TransferUtilityUploadRequest.ChecksumMD5",
        "TransferUtilityUploadRequest.ChecksumSHA1",
        "TransferUtilityUploadRequest.ChecksumSHA256",
        "TransferUtilityUploadRequest.ChecksumSHA512",
        "TransferUtilityUploadRequest.ChecksumXXHASH128",
        "TransferUtilityUploadRequest.ChecksumXXHASH3",
        "TransferUtilityUploadRequest.ChecksumXXHASH64",
        "TransferUtilityUploadRequest.MpuObjectSize",

        // Checksums of algorithms the library does not compute (it computes CRC32, CRC32C, CRC64NVME, SHA1, SHA256).
        "TransferUtilityUploadResponse.ChecksumMD5",
        "TransferUtilityUploadResponse.ChecksumSHA512",
        "TransferUtilityUploadResponse.ChecksumXXHASH128",
        "TransferUtilityUploadResponse.ChecksumXXHASH3",
        "TransferUtilityUploadResponse.ChecksumXXHASH64",
    ];
}
