using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace S3TransferManager.Tests.Fakes;

/// <summary>Records the category of every logger created through it, so a test can see who asked for one.</summary>
internal sealed class RecordingLoggerProvider : ILoggerProvider
{
    public ConcurrentQueue<string> Categories { get; } = new();

    public ILogger CreateLogger(string categoryName)
    {
        Categories.Enqueue(categoryName);
        return NullLogger.Instance;
    }

    public void Dispose()
    {
    }
}
