namespace S3TransferManager.Sync;

/// <summary>
/// The include and exclude rules of a sync, applied as the AWS CLI applies them: every entry starts included, each rule
/// whose pattern matches its relative path ('/' separated, below the source or destination root) sets it included or
/// excluded, and the last matching rule wins. Destination entries are filtered by the same rules, so an excluded
/// destination object is never deleted.
/// </summary>
internal sealed class SyncFilter
{
    private readonly (bool Include, GlobPattern Pattern)[] _rules;

    public SyncFilter(IEnumerable<SyncFilterRule> rules)
    {
        _rules = [.. rules.Select(static r => (r.IsInclude, new GlobPattern(r.Pattern)))];
    }

    public bool IsEmpty => _rules.Length == 0;

    public bool Includes(string relativePath)
    {
        bool included = true;
        foreach ((bool include, GlobPattern pattern) in _rules)
        {
            if (pattern.IsMatch(relativePath))
            {
                included = include;
            }
        }

        return included;
    }
}
