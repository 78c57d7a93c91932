namespace S3TransferManager.Upload;

/// <summary>How one request body is sent: aws-chunked or not, and whether its payload is signed (null: the SDK's
/// default). Set on PutObject and UploadPart requests as they are.</summary>
internal readonly record struct PayloadSigning(bool UseChunkEncoding, bool? DisablePayloadSigning);
