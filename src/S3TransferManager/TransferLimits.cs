namespace S3TransferManager;

/// <summary>Fixed limits of S3 and of this library's buffering, in one place.</summary>
internal static class TransferLimits
{
    /// <summary>The largest array the library ever rents: an exact <see cref="System.Buffers.ArrayPool{T}.Shared"/>
    /// bucket that stays below the 85,000-byte Large Object Heap threshold.</summary>
    public const int BufferSize = 64 * 1024;

    /// <summary>The smallest download or OpenStream part: one pooled buffer. S3 sets no floor for ranged GETs, but a
    /// smaller part only adds requests (each a round trip, and on S3 a billed request) without adding parallelism that
    /// a 64 KiB part would not give; PartSize = 1 sent one GET per byte.</summary>
    public const long MinDownloadPartSize = BufferSize;

    /// <summary>S3's smallest part (except the last one).</summary>
    public const long MinPartSize = 5L * 1024 * 1024;

    /// <summary>S3's largest part, and the largest single PUT.</summary>
    public const long MaxPartSize = 5L * 1024 * 1024 * 1024;

    /// <summary>S3's largest number of parts in one multipart upload.</summary>
    public const int MaxPartCount = 10_000;

    /// <summary>How long a failed or cancelled transfer waits for work it asked to stop (in-flight parts, the abort of a
    /// multipart upload) before it gives up on it and returns its error: a caller without a token still gets an answer.</summary>
    public static readonly TimeSpan FailureWaitLimit = TimeSpan.FromSeconds(30);

    /// <summary>How long a cancelled transfer waits, on its way back to the caller, for work it asked to stop (parts in
    /// flight, the abort of its multipart upload) before it returns: the rest goes on in the background, bounded by
    /// <see cref="FailureWaitLimit"/>, and <see cref="TransferUtility.Dispose"/> waits for it. Well within the half second
    /// a cancelled transfer takes to return.</summary>
    public static readonly TimeSpan CancelGrace = TimeSpan.FromMilliseconds(250);

    /// <summary>How long a cancelled upload still waits for the answer to a CreateMultipartUpload already sent (at most
    /// <see cref="FailureWaitLimit"/>). Cancelling the request cannot undo it: S3 may have created the upload, and only
    /// the answer (typically tens of milliseconds away) says which upload to abort. A server that does not answer by
    /// then is not waited for, so cancellation stays prompt.</summary>
    public static readonly TimeSpan CancelledCreateGrace = TimeSpan.FromSeconds(2);

    /// <summary>How long a CompleteMultipartUpload may go without an answer before the upload fails (it is never sent
    /// again for being slow). S3 documents that it may take several minutes, sending whitespace meanwhile.</summary>
    public static readonly TimeSpan CompleteAnswerLimit = TimeSpan.FromMinutes(10);

    /// <summary>The default part size for uploads and downloads.</summary>
    public const long DefaultPartSize = 8L * 1024 * 1024;
}
