namespace S3TransferManager;

/// <summary>
/// A request to S3 made no progress within its bound on every attempt the transfer allows: its body stopped being
/// sent for <see cref="TransferUtilityConfig.BodyStallTimeout"/>, or its answer did not come within the bound learned
/// from the utility's earlier answers. Each stalled attempt was cancelled (which closes its connection) and sent again,
/// up to <see cref="TransferUtilityConfig.InterruptedBodyRetryAttempts"/> times; a failed upload is aborted before this
/// is thrown, so no multipart upload stays open.
/// </summary>
public sealed class RequestStalledException : TimeoutException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="operation">The S3 operation that stalled, as S3 names it (<c>UploadPart</c>,
    /// <c>CreateMultipartUpload</c>, <c>GetObject</c>, ...).</param>
    /// <param name="bucketName">The bucket.</param>
    /// <param name="key">The object's key.</param>
    /// <param name="partNumber">The part the request was for, or <see langword="null"/> when it was not a part's.</param>
    /// <param name="stalledFor">How long the last attempt went without progress before it was given up.</param>
    /// <param name="attempts">How many attempts were sent, all of which stalled.</param>
    /// <param name="whileSending">Whether the last attempt stalled while its body was being sent (rather than while it
    /// waited for the answer).</param>
    public RequestStalledException(string operation, string bucketName, string key, int? partNumber, TimeSpan stalledFor, int attempts,
        bool whileSending)
        : this(operation, bucketName, key, partNumber, stalledFor, attempts, whileSending, congested: false)
    {
    }

    /// <summary>Creates the exception; <paramref name="congested"/> says the server went on answering other requests
    /// of the utility while this one stalled (it queues requests), which the message's advice names.</summary>
    internal RequestStalledException(string operation, string bucketName, string key, int? partNumber, TimeSpan stalledFor, int attempts,
        bool whileSending, bool congested)
        : base(Describe(operation, bucketName, key, partNumber, stalledFor, attempts, whileSending) + Requests.StallAdvice.For(congested))
    {
        Operation = operation;
        BucketName = bucketName;
        Key = key;
        PartNumber = partNumber;
        StalledFor = stalledFor;
        Attempts = attempts;
        WhileSending = whileSending;
    }

    /// <summary>The S3 operation that stalled, as S3 names it (<c>UploadPart</c>, <c>CreateMultipartUpload</c>, ...).</summary>
    public string Operation { get; }

    /// <summary>The bucket.</summary>
    public string BucketName { get; }

    /// <summary>The object's key.</summary>
    public string Key { get; }

    /// <summary>The part the request was for; <see langword="null"/> for a request that is not a part's.</summary>
    public int? PartNumber { get; }

    /// <summary>How long the last attempt went without progress before it was given up: the bound that ran out.</summary>
    public TimeSpan StalledFor { get; }

    /// <summary>How many attempts were sent; every one of them stalled.</summary>
    public int Attempts { get; }

    /// <summary>Whether the last attempt stalled while its body was being sent; <see langword="false"/> when it stalled
    /// waiting for the answer.</summary>
    public bool WhileSending { get; }

    private static string Describe(string operation, string bucketName, string key, int? partNumber, TimeSpan stalledFor, int attempts,
        bool whileSending)
    {
        string part = partNumber is { } number ? $" of part {number}" : "";
        string how = whileSending ? "its body made no progress while being sent" : "no answer came";
        return $"{operation}{part} of s3://{bucketName}/{key} stalled: {how} for {stalledFor.TotalSeconds:0.###} s, on each of {attempts} attempt(s).";
    }
}
