namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>One request as the proxy saw it, and how it was answered: an HTTP status, or
/// <see cref="ResetStatus"/> when the connection was aborted instead, or <see cref="HeldStatus"/> when it was held
/// unanswered until the client gave up. <paramref name="Range"/> is the request's Range header, if any.</summary>
public sealed record ProxiedRequest(int Index, S3Operation Operation, string? Key, string Method, string Target, int Status, string? Range = null)
{
    public const int ResetStatus = -1;

    public const int HeldStatus = -2;
}
