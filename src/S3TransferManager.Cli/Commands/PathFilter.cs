namespace S3TransferManager.Cli.Commands;

/// <summary>
/// --include and --exclude as the AWS CLI applies them: every path below the source root ('/' separated) starts
/// included, each rule whose pattern matches it sets it included or excluded, the last match wins. Patterns are
/// Python's fnmatch, which the AWS CLI uses: <c>*</c> any characters ('/' too), <c>?</c> one, <c>[seq]</c> one of a
/// set, <c>[!seq]</c> one outside it; case matters.
/// </summary>
internal sealed class PathFilter(IReadOnlyList<SyncFilterRule> rules)
{
    public static PathFilter None { get; } = new([]);

    public IReadOnlyList<SyncFilterRule> Rules => rules;

    public bool IsEmpty => rules.Count == 0;

    public bool Includes(string relativePath)
    {
        bool included = true;
        foreach (SyncFilterRule rule in rules)
        {
            if (Matches(rule.Pattern, relativePath))
            {
                included = rule.IsInclude;
            }
        }

        return included;
    }

    /// <summary>fnmatch over the whole text, by backtracking to the last '*' (linear for patterns with one star).</summary>
    public static bool Matches(string pattern, string text)
    {
        int p = 0, t = 0, starP = -1, starT = 0;
        while (t < text.Length)
        {
            if (p < pattern.Length && pattern[p] == '*')
            {
                starP = p++;
                starT = t;
            }
            else if (p < pattern.Length && MatchOne(pattern, ref p, text[t]))
            {
                t++;
            }
            else if (starP >= 0)
            {
                p = starP + 1;
                t = ++starT;
            }
            else
            {
                return false;
            }
        }

        while (p < pattern.Length && pattern[p] == '*')
        {
            p++;
        }

        return p == pattern.Length;
    }

    /// <summary>Whether the pattern element at <paramref name="p"/> matches <paramref name="c"/>; on a match, moves
    /// <paramref name="p"/> past the element. A '[' with no closing ']' is a literal, as in fnmatch.</summary>
    private static bool MatchOne(string pattern, ref int p, char c)
    {
        if (pattern[p] == '?')
        {
            p++;
            return true;
        }

        if (pattern[p] == '[' && ClosingBracket(pattern, p) is int close and > 0)
        {
            int i = p + 1;
            bool negate = pattern[i] == '!';
            if (negate)
            {
                i++;
            }

            bool found = false;
            for (; i < close; i++)
            {
                if (i + 2 < close && pattern[i + 1] == '-')
                {
                    found |= c >= pattern[i] && c <= pattern[i + 2];
                    i += 2;
                }
                else
                {
                    found |= c == pattern[i];
                }
            }

            if (found == negate)
            {
                return false;
            }

            p = close + 1;
            return true;
        }

        if (pattern[p] != c)
        {
            return false;
        }

        p++;
        return true;
    }

    /// <summary>The ']' that closes the set opened at <paramref name="open"/> (a ']' first in the set is a member), or
    /// -1 when there is none.</summary>
    private static int ClosingBracket(string pattern, int open)
    {
        int i = open + 1;
        if (i < pattern.Length && pattern[i] == '!')
        {
            i++;
        }

        if (i < pattern.Length && pattern[i] == ']')
        {
            i++;
        }

        return i < pattern.Length ? pattern.IndexOf(']', i) : -1;
    }
}
