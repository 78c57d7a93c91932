namespace S3TransferManager.Requests;

/// <summary>What the error of a transfer that failed on stalls tells the user to do: one text, so an upload's
/// <see cref="RequestStalledException"/> and a download's <see cref="PartDownloadException"/> give the same advice.</summary>
internal static class StallAdvice
{
    /// <summary>The advice, for a stall while the server answered the transfer's other requests
    /// (<paramref name="congested"/>: it queues requests) or while nothing came at all.</summary>
    public static string For(bool congested) => congested
        ? " The server went on answering this utility's other requests meanwhile: it serves a few requests at a time and queues the rest"
          + " (moto, MinIO and other small servers do). Send fewer at once (TransferUtilityConfig.ConcurrentServiceRequests, for example 4;"
          + " s3tm --concurrency 4), or wait longer for each (TransferUtilityConfig.BodyStallTimeout)."
        : " The server may be overloaded, or the connection to it lost. A slow or small server (moto, MinIO, a NAS) is helped by fewer"
          + " requests at once (TransferUtilityConfig.ConcurrentServiceRequests, for example 4; s3tm --concurrency 4) and a longer"
          + " TransferUtilityConfig.BodyStallTimeout.";
}
