using Microsoft.AspNetCore.Http;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Relays the server's answer unchanged after <see cref="BodyFault.AnswerAfter"/>: a late first byte and
/// nothing else.</summary>
public sealed record LateAnswer : BodyFault
{
    public LateAnswer(TimeSpan wait) => AnswerAfter = wait;

    public override Task RelayBodyAsync(Stream source, HttpContext context, CancellationToken cancellationToken) =>
        source.CopyToAsync(context.Response.Body, cancellationToken);
}
