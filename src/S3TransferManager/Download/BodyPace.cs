namespace S3TransferManager.Download;

/// <summary>
/// Times one part's body for the <see cref="LookaheadEstimate"/>: the wait from its request to its response (the
/// first-byte latency), then the pace of its bytes, reported once it has been watched for at least as long as that
/// wait (shorter, and a burst of buffered bytes would look like the link's speed). A resume starts the timing over.
/// </summary>
internal struct BodyPace
{
    private long _requestedAt;
    private long _firstByteTicks;
    private long _answeredAt;
    private long _answeredOffset;
    private bool _answered;
    private bool _reported;

    public void Requested(long now) => _requestedAt = now;

    public void Answered(long now, long offset)
    {
        _firstByteTicks = now - _requestedAt;
        _answeredAt = now;
        _answeredOffset = offset;
        _answered = true;
    }

    /// <summary>Reports the pace so far, once per body, when the body has been read for at least one first-byte wait.</summary>
    public void Progress(long now, long offset, LookaheadEstimate estimate)
    {
        if (_reported || !_answered)
        {
            return;
        }

        long watched = now - _answeredAt;
        if (watched >= _firstByteTicks)
        {
            _reported = true;
            estimate.Observe(offset - _answeredOffset, watched, _firstByteTicks);
        }
    }
}
