namespace S3TransferManager;

/// <summary>What a directory transfer does when one object fails.</summary>
public enum FailurePolicy
{
    /// <summary>Stop: no new object starts, objects in flight are cancelled and cleaned up, and the first error is
    /// thrown.</summary>
    AbortOnFailure,

    /// <summary>Go on: every other object is transferred, and the failures are listed in the response.</summary>
    ContinueOnFailure,
}
