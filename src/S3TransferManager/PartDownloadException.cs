namespace S3TransferManager;

/// <summary>One part of a multipart download failed for good (after any resumes); the transfer cannot finish.</summary>
public sealed class PartDownloadException : IOException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="partNumber">The failed part, numbered from 1.</param>
    /// <param name="message">What went wrong.</param>
    /// <param name="innerException">The underlying error.</param>
    public PartDownloadException(int partNumber, string message, Exception? innerException = null)
        : base(message, innerException)
    {
        PartNumber = partNumber;
    }

    /// <summary>The failed part, numbered from 1.</summary>
    public int PartNumber { get; }
}
