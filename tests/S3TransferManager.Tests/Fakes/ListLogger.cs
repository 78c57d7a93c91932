using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace S3TransferManager.Tests.Fakes;

/// <summary>Keeps every log line (event id and text), so a test can check what an operator would be told.</summary>
internal sealed class ListLogger : ILogger
{
    public ConcurrentQueue<(int EventId, string Message)> Lines { get; } = new();

    public IDisposable? BeginScope<TState>(TState state)
        where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => true;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
        Lines.Enqueue((eventId.Id, formatter(state, exception)));
}
