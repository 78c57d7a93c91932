using System.Text.Json.Nodes;
using Amazon.S3;

namespace S3TransferManager.Cli.Output;

/// <summary>
/// The checksums S3 stored for an uploaded or copied object, as the fields of cp's JSON result (null where S3 keeps
/// none of that algorithm), so a script can compare them with its own.
/// </summary>
internal static class StoredChecksumsJson
{
    public static void Add(JsonObject json, ChecksumType? type, string? crc32, string? crc32c, string? crc64Nvme, string? sha1, string? sha256)
    {
        json["checksumType"] = type?.Value;
        json["checksumCRC32"] = crc32;
        json["checksumCRC32C"] = crc32c;
        json["checksumCRC64NVME"] = crc64Nvme;
        json["checksumSHA1"] = sha1;
        json["checksumSHA256"] = sha256;
    }
}
