namespace S3TransferManager.Requests;

/// <summary>The body of a request that carries one (PutObject, UploadPart), given anew to each attempt: the attempt's
/// request around a body that tells the attempt's watch of its progress, and its release when the attempt ends.</summary>
/// <typeparam name="TRequest">The SDK's request type.</typeparam>
internal interface IAttemptBody<TRequest>
    where TRequest : class
{
    /// <summary>The request of one attempt, around a body that reports to <paramref name="watch"/>; for a
    /// <paramref name="hedge"/> (a second attempt alongside a slow one), null when the bytes cannot be read twice at
    /// once.</summary>
    BodyAttempt<TRequest>? Open(RequestWatch watch, bool hedge);

    /// <summary>The attempt has ended: its <paramref name="body"/> is let go.</summary>
    void Close(Stream body, bool hedge);
}

/// <summary>One attempt's request and the body it was built around. The body is kept apart: the AWS SDK may replace
/// the request's InputStream with a wrapper of its own while sending it.</summary>
/// <typeparam name="TRequest">The SDK's request type.</typeparam>
internal readonly record struct BodyAttempt<TRequest>(TRequest Request, Stream Body)
    where TRequest : class;
