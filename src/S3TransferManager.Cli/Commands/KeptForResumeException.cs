namespace S3TransferManager.Cli.Commands;

/// <summary>A cp that failed (or was cancelled) and kept its work for a resume: the failure itself, and the lines that
/// say what was kept and what to do with it.</summary>
internal sealed class KeptForResumeException(Exception failure, string hint) : Exception(failure.Message, failure)
{
    public string Hint { get; } = hint;
}
