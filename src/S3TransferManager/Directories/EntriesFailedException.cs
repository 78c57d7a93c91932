namespace S3TransferManager.Directories;

/// <summary>
/// Thrown by a <see cref="DirectoryRunner{T}"/> job that stands for several entries (a batch of deletes sent as one
/// request) when some of them failed: the runner counts and keeps each failure, one per entry, as if each had been a
/// job of its own, so a response's failed count stays one per entry.
/// </summary>
internal sealed class EntriesFailedException : Exception
{
    public EntriesFailedException(IReadOnlyList<Exception> failures)
        : base($"{failures.Count} entries failed; the first: {failures[0].Message}", failures[0])
    {
        Failures = failures;
    }

    /// <summary>One error per failed entry, never empty.</summary>
    public IReadOnlyList<Exception> Failures { get; }
}
