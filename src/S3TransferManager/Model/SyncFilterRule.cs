namespace S3TransferManager;

/// <summary>One include or exclude rule of a sync (see <see cref="TransferUtilitySyncRequest.Filters"/>).</summary>
public sealed class SyncFilterRule
{
    private SyncFilterRule(bool isInclude, string pattern)
    {
        ArgumentException.ThrowIfNullOrEmpty(pattern);
        IsInclude = isInclude;
        Pattern = pattern;
    }

    /// <summary>Whether a match includes the entry (otherwise it excludes it).</summary>
    public bool IsInclude { get; }

    /// <summary>The pattern, matched against the entry's path below the root, '/' separated: <c>*</c> matches any
    /// characters ('/' included), <c>?</c> one, <c>[seq]</c> one of a set and <c>[!seq]</c> one outside it.</summary>
    public string Pattern { get; }

    /// <summary>A rule that includes what <paramref name="pattern"/> matches (as the AWS CLI's --include).</summary>
    /// <param name="pattern">The pattern.</param>
    /// <returns>The rule.</returns>
    /// <exception cref="ArgumentException">The pattern is null or empty.</exception>
    public static SyncFilterRule Include(string pattern) => new(true, pattern);

    /// <summary>A rule that excludes what <paramref name="pattern"/> matches (as the AWS CLI's --exclude).</summary>
    /// <param name="pattern">The pattern.</param>
    /// <returns>The rule.</returns>
    /// <exception cref="ArgumentException">The pattern is null or empty.</exception>
    public static SyncFilterRule Exclude(string pattern) => new(false, pattern);
}
