namespace S3TransferManager.Requests;

/// <summary>Hears what <see cref="RequestSender"/> does with one request's attempts, for its log, metrics and span.</summary>
internal interface IAttemptObserver
{
    /// <summary>Attempt number <paramref name="attempt"/> stalled; <paramref name="retried"/> says whether another
    /// attempt follows (false: <paramref name="stall"/> is thrown).</summary>
    void Stalled(int attempt, RequestStalledException stall, bool retried);

    /// <summary>Attempt number <paramref name="attempt"/>, sent again after <paramref name="reason"/>, ended with
    /// <paramref name="outcome"/> (a value of <see cref="Telemetry.Outcomes"/>).</summary>
    void RetryEnded(int attempt, Exception reason, string outcome);
}
