namespace S3TransferManager;

/// <summary>What a finished download learned about the object.</summary>
public sealed class TransferUtilityDownloadResponse : TransferUtilityGetObjectResponseBase
{
}
