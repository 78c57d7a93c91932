namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Which of the requests a rule matches it applies to: the nth (counted from 1), every one, or the nth and
/// every one after it (<paramref name="Onward"/>).</summary>
public readonly record struct Occurrence(int Nth, bool Onward = false)
{
    public static Occurrence Every => new(0);

    public static Occurrence Only(int nth) => nth >= 1 ? new(nth) : throw new ArgumentOutOfRangeException(nameof(nth));

    public static Occurrence From(int nth) => nth >= 1 ? new(nth, Onward: true) : throw new ArgumentOutOfRangeException(nameof(nth));

    public bool Applies(int matchCount) => Nth == 0 || matchCount == Nth || (Onward && matchCount > Nth);
}
