using Amazon.S3;

namespace S3TransferManager.Cli.Commands;

/// <summary>The library's requests with the global options applied, written once for cp, cat and demo.</summary>
internal static class TransferRequests
{
    public static TransferUtilityUploadRequest Upload(CliSettings settings, string bucket, string key)
    {
        var request = new TransferUtilityUploadRequest { BucketName = bucket, Key = key, PartSize = settings.PartSize };
        if (settings.Checksum is { } checksum)
        {
            request.ChecksumAlgorithm = ChecksumAlgorithm.FindValue(checksum);
        }

        return request;
    }

    public static TransferUtilityDownloadRequest Download(CliSettings settings, string bucket, string key, string filePath)
    {
        var request = new TransferUtilityDownloadRequest { BucketName = bucket, Key = key, FilePath = filePath };
        if (settings.PartSize is { } partSize)
        {
            request.PartSize = partSize;
        }

        return request;
    }

    public static TransferUtilityOpenStreamRequest OpenStream(CliSettings settings, string bucket, string key)
    {
        var request = new TransferUtilityOpenStreamRequest { BucketName = bucket, Key = key };
        if (settings.PartSize is { } partSize)
        {
            request.PartSize = partSize;
        }

        return request;
    }
}
