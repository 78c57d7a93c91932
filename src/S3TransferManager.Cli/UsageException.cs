namespace S3TransferManager.Cli;

/// <summary>Arguments that parse but make no sense together (exit code 2, like a parse error).</summary>
internal sealed class UsageException : Exception
{
    public UsageException(string message)
        : base(message)
    {
    }

    public UsageException()
    {
    }

    public UsageException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}
