namespace S3TransferManager.Requests;

/// <summary>What kind of S3 call a request is: it sets how long the answer may take, what the wait teaches, and how
/// often the request is sent (docs/timeouts.md has the table).</summary>
internal enum RequestKind
{
    /// <summary>A GET of an object's bytes (a first GET, a part, the rest of a part): its headers within the bound
    /// learned from the utility's GETs; retried.</summary>
    Get,

    /// <summary>A request of an upload (CreateMultipartUpload, PutObject, UploadPart, AbortMultipartUpload): its answer,
    /// once the body was sent, within the bound learned from the utility's uploads; retried.</summary>
    Upload,

    /// <summary>A quick call without a body (HeadObject, GetObjectTagging, GetObjectAttributes, DeleteObject): within the
    /// bound learned from the utility's quick calls; retried.</summary>
    Quick,

    /// <summary>A page of a listing (ListObjectsV2, ListParts, ListMultipartUploads) or a DeleteObjects of up to 1,000
    /// keys, whose work grows with the page: within <see cref="TransferUtilityConfig.BodyStallTimeout"/>; retried.</summary>
    Page,

    /// <summary>A server-side copy (CopyObject, UploadPartCopy), which S3 finishes before it answers: within
    /// <see cref="TransferUtilityConfig.BodyStallTimeout"/> plus the bytes copied at <see cref="AnswerBounds.CopyFloorRate"/>;
    /// retried (a copy pinned to its source's ETag writes the same bytes again).</summary>
    Copy,

    /// <summary>CompleteMultipartUpload, which S3 may work on for minutes: within
    /// <see cref="EngineTuning.CompleteAnswerLimit"/>, and sent once.</summary>
    Complete,
}
