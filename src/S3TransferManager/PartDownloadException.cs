namespace S3TransferManager;

/// <summary>
/// The exception thrown when reading a downloaded object fails because one of its parts could not be downloaded
/// (the request failed, its body ended early or ran long, or the transfer stopped while it was in flight).
/// </summary>
/// <remarks>
/// Once one part fails, the read that was in progress and every later read of the same download throw this
/// exception. <see cref="Exception.InnerException"/> holds the original error.
/// </remarks>
public sealed class PartDownloadException : IOException
{
    /// <summary>Creates an exception for a failed part.</summary>
    /// <param name="partNumber">The 1-based number of the part that failed.</param>
    /// <param name="message">A description of the failure.</param>
    /// <param name="innerException">The original error, or <see langword="null"/> when there is none (for
    /// example, a body shorter than its declared length).</param>
    public PartDownloadException(int partNumber, string message, Exception? innerException)
        : base(message, innerException)
    {
        PartNumber = partNumber;
    }

    /// <summary>Creates an exception for a failed part, with a message naming the part and the original error.</summary>
    /// <param name="partNumber">The 1-based number of the part that failed.</param>
    /// <param name="innerException">The original error.</param>
    public PartDownloadException(int partNumber, Exception innerException)
        : this(partNumber, $"Downloading part {partNumber} failed: {innerException?.Message}", innerException)
    {
    }

    /// <summary>Gets the 1-based number of the part that failed.</summary>
    /// <value>A part number between 1 and the number of parts of the object.</value>
    public int PartNumber { get; }
}
