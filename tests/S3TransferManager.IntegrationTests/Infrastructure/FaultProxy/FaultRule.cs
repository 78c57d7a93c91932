namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>Applies <paramref name="Fault"/> to requests of one operation (and key, when given), on the chosen
/// occurrence. A rule counts every request it matches, whether or not it fires on it.</summary>
public sealed record FaultRule(S3Operation Operation, string? Key, Occurrence When, ProxyFault Fault)
{
    private int _matched;

    public int Matched => Volatile.Read(ref _matched);

    /// <summary>The fault for this request, or null when the rule does not apply to it.</summary>
    public ProxyFault? TryApply(S3Operation operation, string? key)
    {
        if (operation != Operation || (Key is not null && Key != key))
        {
            return null;
        }

        int count = Interlocked.Increment(ref _matched);
        return When.Applies(count) ? Fault : null;
    }
}
