namespace S3TransferManager.InMemoryS3.Throttling;

/// <summary>
/// The tail of the S3-like profile's answer times: a random <paramref name="fraction"/> of requests wait
/// <paramref name="delay"/> for their first response byte instead of the usual delay. Drawn per request, independently,
/// as a slow answer on S3 is (the request, not the connection or the object, is unlucky).
/// </summary>
internal sealed class SlowFirstBytes(double fraction, TimeSpan delay)
{
    /// <summary>The delay before this request's first byte: <paramref name="usual"/>, or the slow one.</summary>
    public TimeSpan Choose(TimeSpan usual) => Random.Shared.NextDouble() < fraction ? delay : usual;
}
