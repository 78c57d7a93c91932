namespace S3TransferManager.Telemetry;

/// <summary>The event id of every log line the library writes (<see cref="Log"/>), by name: stable across versions, so
/// a log pipeline may filter on them. Downloads 1-99, uploads and events 100-199, integrity 200-299, resume 300-399,
/// copies and sync 400-499.</summary>
internal static class LogEvents
{
    public const int Discovered = 1;

    public const int ResumingPart = 2;

    public const int DownloadCompleted = 3;

    public const int DownloadFailed = 4;

    public const int TempFileNotDeleted = 5;

    public const int SinglePutStarting = 100;

    public const int MultipartStarted = 101;

    public const int PartUploaded = 102;

    public const int UploadCompleted = 103;

    public const int UploadFailed = 104;

    public const int MultipartAborted = 105;

    public const int AbortFailed = 106;

    public const int AbortTimedOut = 107;

    public const int PartsAbandoned = 108;

    public const int FailedHandlerThrew = 109;

    public const int InputStreamCloseFailed = 110;

    public const int RequestStalled = 111;

    public const int RequestHedged = 112;

    public const int CompletionConfirmedByHead = 113;

    public const int ChecksumValidated = 201;

    public const int ChecksumNotValidated = 202;

    public const int StoredChecksumUnavailable = 203;

    public const int ChecksumUndecided = 204;

    public const int StoredPartsUnavailable = 205;

    public const int TransferResumed = 301;

    public const int ResumeRestarted = 302;

    public const int JournalKept = 303;

    public const int JournalInUse = 304;

    public const int JournalWriteFailed = 305;

    public const int JournalDiscarded = 306;

    public const int JournalDiscardFailed = 307;

    public const int UploadFoundCompleted = 308;

    public const int CopyCompleted = 400;

    public const int CopyFailed = 401;

    public const int SyncDeleteObjectsRefused = 413;
}
