namespace S3TransferManager.Cli;

/// <summary>The exit codes scripts can rely on.</summary>
internal static class ExitCodes
{
    public const int Success = 0;
    public const int Failed = 1;
    public const int Usage = 2;

    /// <summary>128 + SIGINT, what shells report for a command stopped by Ctrl+C.</summary>
    public const int Cancelled = 130;
}
