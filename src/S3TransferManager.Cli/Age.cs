namespace S3TransferManager.Cli;

/// <summary>An age given as <c>7d</c>, <c>12h</c>, <c>30m</c> or <c>90s</c>, and shown the same way (in --help's
/// default, say), not as <c>7.00:00:00</c>.</summary>
internal readonly record struct Age(TimeSpan Value)
{
    public override string ToString() => Units.FormatAge(Value);
}
