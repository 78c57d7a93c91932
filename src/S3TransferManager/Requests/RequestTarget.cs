namespace S3TransferManager.Requests;

/// <summary>Which request a stall is about, for its error and its log line: the S3 operation, the object, and the part
/// (null when the request is not a part's).</summary>
internal readonly record struct RequestTarget(string Operation, string BucketName, string Key, int? PartNumber = null);
