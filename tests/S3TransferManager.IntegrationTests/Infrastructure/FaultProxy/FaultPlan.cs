using System.Collections.Immutable;

namespace S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

/// <summary>An ordered list of rules; the first rule that applies to a request chooses its fault. Rules may be added
/// while the proxy runs; a request no rule applies to passes through.</summary>
public sealed class FaultPlan
{
    private ImmutableList<FaultRule> _rules = [];

    public FaultPlan Add(FaultRule rule)
    {
        ImmutableInterlocked.Update(ref _rules, list => list.Add(rule));
        return this;
    }

    /// <summary>Every request of <paramref name="operation"/> (on <paramref name="key"/>, when given) gets the fault.</summary>
    public FaultPlan Every(S3Operation operation, ProxyFault fault, string? key = null) => Add(new FaultRule(operation, key, Occurrence.Every, fault));

    /// <summary>Only the <paramref name="nth"/> request of <paramref name="operation"/> gets the fault.</summary>
    public FaultPlan Nth(S3Operation operation, int nth, ProxyFault fault, string? key = null) => Add(new FaultRule(operation, key, Occurrence.Only(nth), fault));

    /// <summary>The <paramref name="nth"/> request of <paramref name="operation"/> and every one after it get the fault.</summary>
    public FaultPlan From(S3Operation operation, int nth, ProxyFault fault, string? key = null) => Add(new FaultRule(operation, key, Occurrence.From(nth), fault));

    public void Clear() => ImmutableInterlocked.Update(ref _rules, _ => []);

    public ProxyFault Choose(S3Operation operation, string? key)
    {
        foreach (FaultRule rule in Volatile.Read(ref _rules))
        {
            if (rule.TryApply(operation, key) is { } fault)
            {
                return fault;
            }
        }

        return ProxyFault.PassThrough;
    }
}
