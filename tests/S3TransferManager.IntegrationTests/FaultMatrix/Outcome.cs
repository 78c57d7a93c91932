namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>How a fault case must end: the right bytes, or one typed exception (checked further by
/// <see cref="Check"/>, which returns why it does not match, or null).</summary>
internal sealed record Outcome(Type? ErrorType, Func<Exception, string?>? Check = null)
{
    /// <summary>The transfer ends with the right bytes.</summary>
    public static Outcome Succeeds { get; } = new(ErrorType: null);

    /// <summary>The transfer ends with <see cref="OperationCanceledException"/> (or a subclass: TaskCanceledException).</summary>
    public static Outcome Canceled { get; } = new(typeof(OperationCanceledException));

    public bool IsSuccess => ErrorType is null;

    /// <summary>The transfer ends with exactly a <typeparamref name="T"/>, for which <paramref name="check"/> holds.</summary>
    public static Outcome Throws<T>(Func<T, string?>? check = null)
        where T : Exception => new(typeof(T), check is null ? null : e => check((T)e));

    /// <summary>An S3 error answer with this error code.</summary>
    public static Outcome S3Error(string errorCode) =>
        Throws<Amazon.S3.AmazonS3Exception>(e => e.ErrorCode == errorCode ? null : $"error code {e.ErrorCode}, expected {errorCode}");

    /// <summary>A <see cref="PartDownloadException"/> (an OpenStream read, or a part that failed for good) whose inner
    /// exception is a <typeparamref name="TInner"/>.</summary>
    public static Outcome PartFails<TInner>()
        where TInner : Exception =>
        Throws<PartDownloadException>(e => e.InnerException is TInner ? null : $"inner {e.InnerException?.GetType().Name}, expected {typeof(TInner).Name}");

    /// <summary>The same outcome seen through an OpenStream read: a part's error reaches the reader wrapped in a
    /// <see cref="PartDownloadException"/> naming the part; a cancellation stays a cancellation.</summary>
    public Outcome InsidePart() => IsSuccess || ErrorType == typeof(OperationCanceledException)
        ? this
        : new Outcome(typeof(PartDownloadException), e => e.InnerException is null ? "no inner exception" : Mismatch(e.InnerException));

    /// <summary>Whether <paramref name="error"/> is this outcome's exception: exactly its type (a subclass of
    /// <see cref="OperationCanceledException"/> for <see cref="Canceled"/>).</summary>
    public string? Mismatch(Exception error)
    {
        bool typeMatches = ErrorType == typeof(OperationCanceledException) ? error is OperationCanceledException : error.GetType() == ErrorType;
        return !typeMatches ? $"threw {error.GetType().Name}, expected {ErrorType!.Name}" : Check?.Invoke(error);
    }
}
