namespace S3TransferManager.Upload;

/// <summary>How one request body is sent: aws-chunked or not, and whether its payload is signed (null: the SDK's
/// default). Set on PutObject and UploadPart requests as they are.</summary>
internal readonly record struct PayloadSigning(bool UseChunkEncoding, bool? DisablePayloadSigning)
{
    /// <summary>How many times the SDK reads a body to its end up to and including the pass that sends it: two when it
    /// signs an unchunked payload (it hashes the whole body first), otherwise one (unsigned, or each chunk signed as it
    /// goes out). <c>SentBodyStreamTests</c> checks this against the SDK. AWSSDK.Core 4.1.0 cannot be handed a payload
    /// hash computed elsewhere: its signer removes any x-amz-content-sha256 header before each signing (so a retry is
    /// signed afresh) and keeps the hash it computes in a private field, so the hashing pass stays even though the
    /// library reads each part once already for its CRC (<c>SentBodyStreamTests</c> checks that the SDK still ignores a
    /// precomputed header).</summary>
    public int PassesBeforeSent => !UseChunkEncoding && DisablePayloadSigning != true ? 2 : 1;
}
