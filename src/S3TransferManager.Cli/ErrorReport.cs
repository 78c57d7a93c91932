using Amazon.Runtime;

namespace S3TransferManager.Cli;

/// <summary>
/// Turns what a command threw into its exit code and one line for stderr: 2 for a request that was wrong before anything
/// was sent (arguments, local paths, no credentials), 1 for a transfer that failed, 130 for Ctrl+C.
/// </summary>
internal static class ErrorReport
{
    public static (int ExitCode, string Line) Describe(Exception e) => e switch
    {
        UsageException => (ExitCodes.Usage, $"s3tm: {OneLine(e.Message)}"),
        // The library checks a request before sending it and says what is wrong with an ArgumentException.
        ArgumentException a => (ExitCodes.Usage, $"s3tm: {Reason(a)}"),
        OperationCanceledException when e.InnerException is TimeoutException => (ExitCodes.Failed, $"s3tm: error: timed out: {OneLine(e.InnerException.Message)}"),
        OperationCanceledException => (ExitCodes.Cancelled, "s3tm: cancelled"),
        AmazonServiceException s when s.StatusCode == System.Net.HttpStatusCode.NotFound =>
            (ExitCodes.Failed, $"s3tm: error: not found ({s.ErrorCode ?? "404"}): {OneLine(s.Message)}"),
        AmazonServiceException s => (ExitCodes.Failed, $"s3tm: error: {s.ErrorCode ?? s.StatusCode.ToString()}: {OneLine(s.Message)}"),
        _ => (ExitCodes.Failed, $"s3tm: error: {OneLine(e.Message)}"),
    };

    /// <summary>The library's reason without .NET's "(Parameter 'PartSize')" and "Actual value was ..." additions.</summary>
    private static string Reason(ArgumentException e)
    {
        string first = e.Message.Split(['\r', '\n'], 2)[0];
        return e.ParamName is { } name ? first.Replace($" (Parameter '{name}')", string.Empty, StringComparison.Ordinal) : first;
    }

    /// <summary>A message on one line: .NET puts "Actual value was ..." and the SDK whole lists on lines of their own.</summary>
    public static string OneLine(string message) =>
        string.Join(' ', message.Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
}
