namespace S3TransferManager.Upload;

/// <summary>One part's request body: a seekable stream positioned at 0, and its length. The uploader disposes it
/// (returning any pooled memory) when the part's request is over.</summary>
internal sealed record PartBody(int PartNumber, Stream Content, long Length);
