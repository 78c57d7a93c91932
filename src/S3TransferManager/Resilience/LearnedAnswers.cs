namespace S3TransferManager.Resilience;

/// <summary>What one utility has learned about how long S3 takes to answer, kept apart by kind of request: the upload
/// requests (CreateMultipartUpload, PutObject, UploadPart, AbortMultipartUpload; the wait after the body was sent) and
/// the ranged GETs of downloads (the wait for the response headers). CompleteMultipartUpload is learned from neither:
/// S3 may work on it for minutes.</summary>
/// <param name="bounds">The fixed ends of the bounds.</param>
/// <param name="inFlight">The utility's requests in flight now, which lengthen the bounds before data.</param>
/// <param name="heard">Told of every answer's wait (the budget's first contact); null: nobody.</param>
internal sealed class LearnedAnswers(AnswerBounds bounds, Func<int>? inFlight = null, Action<TimeSpan>? heard = null)
{
    public AnswerTimes Uploads { get; } = new(bounds, inFlight, heard);

    public AnswerTimes RangedGets { get; } = new(bounds, inFlight, heard);
}
