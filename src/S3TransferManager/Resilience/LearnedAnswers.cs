namespace S3TransferManager.Resilience;

/// <summary>What one utility has learned about how long S3 takes to answer, kept apart by kind of request: the upload
/// requests (CreateMultipartUpload, PutObject, UploadPart, AbortMultipartUpload; the wait after the body was sent) and
/// the ranged GETs of downloads (the wait for the response headers). CompleteMultipartUpload is learned from neither:
/// S3 may work on it for minutes.</summary>
internal sealed class LearnedAnswers(AnswerBounds bounds)
{
    public AnswerTimes Uploads { get; } = new(bounds);

    public AnswerTimes RangedGets { get; } = new(bounds);
}
