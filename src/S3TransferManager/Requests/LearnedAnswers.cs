namespace S3TransferManager.Requests;

/// <summary>What one utility has learned about how long S3 takes to answer, kept apart by kind of request
/// (<see cref="RequestKind"/>): the upload requests (CreateMultipartUpload, PutObject, UploadPart, AbortMultipartUpload;
/// the wait after the body was sent), the GETs of downloads (the wait for the response headers), and the quick calls
/// without a body (HEAD and the like). Pages, copies and CompleteMultipartUpload are learned from none: their work
/// grows with what they carry.</summary>
/// <param name="bounds">The fixed ends of the bounds.</param>
/// <param name="inFlight">The utility's requests in flight now, which lengthen the bounds before data.</param>
/// <param name="heard">Told of every answer's wait (the budget's first contact); null: nobody.</param>
internal sealed class LearnedAnswers(AnswerBounds bounds, Func<int>? inFlight = null, Action<TimeSpan>? heard = null)
{
    public AnswerTimes Uploads { get; } = new(bounds, inFlight, heard);

    public AnswerTimes RangedGets { get; } = new(bounds, inFlight, heard);

    public AnswerTimes Quick { get; } = new(bounds, inFlight, heard);
}
